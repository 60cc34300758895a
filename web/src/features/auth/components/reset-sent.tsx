import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';

type ResetSentProps = { email: string; onUseDifferentEmail: () => void };

/** Password reset step 2 (000 §2): Resend and Use different email. */
export function ResetSent({ email, onUseDifferentEmail }: ResetSentProps) {
  const resend = useRequestPasswordReset();
  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-700">
        If an account exists for <strong className="break-words text-ink-900">{email}</strong>, you'll get an email with
        a link to choose a new password. The link is valid for one hour.
      </p>
      {resend.isError && (
        <Alert variant="destructive">{errorMessage(resend.error, 'Failed to send reset email')}</Alert>
      )}
      <p className="text-sm text-ink-600">Don't see it? Check your spam or junk folder.</p>
      <div className="flex flex-col gap-3">
        <Button
          size="lg"
          full
          loading={resend.isPending}
          loadingText="Resending..."
          onClick={() =>
            resend.mutate(email, {
              onSuccess: () =>
                toast.success('Email resent! 📧', { description: 'Check your inbox for the new password reset link.' }),
            })
          }
        >
          Resend
        </Button>
        <Button variant="ghost" size="lg" full onClick={onUseDifferentEmail}>
          Use different email
        </Button>
      </div>
    </div>
  );
}
