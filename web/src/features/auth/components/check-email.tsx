import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useResendConfirmation } from '../api/resend-confirmation';

type CheckEmailProps = { email: string; onUseDifferentEmail: () => void };

/** Sign-up step 3 (000 §2): resend, spam-folder hints, and a way back to the form. */
export function CheckEmail({ email, onUseDifferentEmail }: CheckEmailProps) {
  const resend = useResendConfirmation();

  const onResend = () =>
    resend.mutate(email, {
      onSuccess: () =>
        toast.success('Email resent! 📧', { description: 'Check your inbox for the new confirmation email.' }),
    });

  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-700">
        We sent a confirmation link to <strong className="break-words text-ink-900">{email}</strong>. Click it to
        activate your account — the link is valid for 24 hours.
      </p>
      {resend.isError && <Alert variant="destructive">{errorMessage(resend.error, 'Failed to resend email')}</Alert>}
      <div className="rounded-field bg-ink-50 p-4">
        <h2 className="font-semibold text-ink-900">Can't find it?</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-700">
          <li>Check your spam or junk folder, and the "Promotions" or "Other" tab.</li>
          <li>University mail filters can delay messages by a few minutes.</li>
          <li>Make sure you typed your .edu address correctly.</li>
        </ul>
      </div>
      <div className="flex flex-col gap-3">
        <Button size="lg" full onClick={onResend} loading={resend.isPending} loadingText="Resending...">
          Resend Email
        </Button>
        <Button variant="ghost" size="lg" full onClick={onUseDifferentEmail}>
          Use different email
        </Button>
      </div>
    </div>
  );
}
