import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../../components/ui/auth-layout';
import { LockIcon, MailIcon } from '../../../components/ui/icons';
import { ResetRequestForm } from '../components/reset-request-form';
import { ResetSent } from '../components/reset-sent';

/** Password reset: request → sent; Use different email returns to the request (001 §4). */
export function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const footer = (
    <Link to="/sign-in" className="font-semibold text-brand-700 underline">
      Back to sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" icon={<MailIcon className="size-7" />} footer={footer}>
        <ResetSent
          email={sentTo}
          onUseDifferentEmail={() => {
            setLastEmail(sentTo);
            setSentTo(null);
          }}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to choose a new password."
      icon={<LockIcon className="size-7" />}
      footer={footer}
    >
      <ResetRequestForm initialEmail={lastEmail} onSent={setSentTo} />
    </AuthLayout>
  );
}
