import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { signInErrors } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { PasswordField } from '../../../components/ui/password-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { Me } from '../../../lib/api-types';
import { firstErrorByField } from '../../../lib/form-errors';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useSignIn } from '../api/sign-in';

function signInFailureMessage(error: unknown): string {
  // 001 §8: the server's message, or "Failed to sign in"; anything that is not an answer is unexpected.
  if (!isApiError(error)) return 'An unexpected error occurred. Please try again.';
  return errorMessage(error, 'Failed to sign in');
}

/** E-mail + password sign-in (001 §5): both required, first error shown, server detail shown as is. */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const notConfirmed = isApiError(signIn.error) && signIn.error.code === 'ACCOUNTS.EMAIL_NOT_CONFIRMED';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = firstErrorByField(signInErrors({ email, password }));
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    signIn.mutate({ email: email.trim(), password }, { onSuccess: ({ user }) => onSignedIn(user) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {signIn.isError && (
        <Alert variant="destructive">
          <p>{signInFailureMessage(signIn.error)}</p>
          {notConfirmed && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(email.trim(), {
                  onSuccess: () =>
                    toast.success('Email resent! 📧', {
                      description: 'Check your inbox for the new confirmation email.',
                    }),
                  onError: (e) => toast.error(errorMessage(e, 'Failed to resend email')),
                })
              }
            >
              Resend confirmation email
            </Button>
          )}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@university.edu"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
        labelAside={
          <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 underline">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" size="lg" full loading={signIn.isPending} loadingText="Signing in...">
        Sign In
      </Button>
    </form>
  );
}
