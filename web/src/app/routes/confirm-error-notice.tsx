import { ACCOUNT_MESSAGES } from '../../../../core/accounts/rules';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { ResendConfirmationForm } from '../../features/auth/components/resend-confirmation-form';

/** A confirmation link that failed (`/?confirm_error=1`, 001 §4): the reason and a fresh link. */
export function ConfirmErrorNotice() {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <Alert variant="destructive" title="We couldn't confirm your email">
        {ACCOUNT_MESSAGES.invalidToken}
      </Alert>
      <ResendConfirmationForm />
    </Card>
  );
}
