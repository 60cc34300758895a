import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../../components/ui/auth-layout';
import { MailIcon, ShieldIcon, SparklesIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useConfig } from '../api/get-config';
import { AgeGate } from '../components/age-gate';
import { CheckEmail } from '../components/check-email';
import { SignUpForm } from '../components/sign-up-form';

type Step = 'age' | 'form' | 'sent';

/** Sign-up in three steps (000 §2, §4): age gate (when the flag is on) → form → check your e-mail. */
export function SignUpRoute() {
  const config = useConfig();
  const navigate = useNavigate();
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');

  if (config.isPending) {
    return (
      <AuthLayout title="Create your account">
        <div className="flex justify-center py-6 text-brand-700">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }

  // D10: the age gate is on by default, so an unreadable config keeps it on.
  const ageGateEnabled = config.data?.ageGateEnabled ?? true;
  const step: Step = sentTo ? 'sent' : ageGateEnabled && !ageConfirmed ? 'age' : 'form';

  if (step === 'age') {
    return (
      <AuthLayout title="Confirm your age" icon={<ShieldIcon className="size-7" />}>
        <AgeGate onConfirm={() => setAgeConfirmed(true)} onBack={() => navigate('/')} />
      </AuthLayout>
    );
  }

  if (step === 'sent' && sentTo) {
    return (
      <AuthLayout title="Check your email" icon={<MailIcon className="size-7" />}>
        <CheckEmail
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
      title="Create your account"
      description="Use your university email — only verified students can join Nestmate."
      icon={<SparklesIcon className="size-7" />}
      footer={
        <>
          By creating an account you agree to our{' '}
          <Link to="/terms-of-service" className="font-semibold text-brand-700 underline">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </>
      }
    >
      <SignUpForm
        initialEmail={lastEmail}
        onSignedUp={(email) => {
          toast.success('Verification email sent! 📧', {
            description: 'Check your inbox and click the confirmation link.',
          });
          setSentTo(email);
        }}
      />
    </AuthLayout>
  );
}
