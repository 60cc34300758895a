import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { signUpErrors } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { firstErrorByField } from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';
import { PasswordRequirements } from './password-requirements';

type SignUpFormProps = { initialEmail?: string; onSignedUp: (email: string) => void };

function signUpFailureMessage(error: unknown): string {
  // 000 §8: "already registered" has its own wording; the server sends it as the detail.
  if (isApiError(error) && error.code === 'ACCOUNTS.ALREADY_REGISTERED') return error.detail;
  return errorMessage(error, 'Failed to create account');
}

/** Sign-up step 2 (000 §2): university e-mail and password, checked with the core rules first. */
export function SignUpForm({ initialEmail = '', onSignedUp }: SignUpFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const signUp = useSignUp();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = firstErrorByField(signUpErrors({ email, password }));
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    signUp.mutate({ email: email.trim(), password }, { onSuccess: () => onSignedUp(email.trim()) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {signUp.isError && <Alert variant="destructive">{signUpFailureMessage(signUp.error)}</Alert>}
      <TextField
        label="University Email"
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
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
        hint={<PasswordRequirements password={password} />}
      />
      <Button
        type="submit"
        size="lg"
        full
        loading={signUp.isPending}
        loadingText="Creating account..."
        disabled={email.length === 0 || password.length === 0}
      >
        Create Account
      </Button>
      <p className="text-center text-sm text-ink-600">
        Already have an account?{' '}
        <Link to="/sign-in" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
