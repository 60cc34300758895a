import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES, passwordErrors } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useConfirmPasswordReset } from '../api/password-reset';
import { PasswordRequirements } from './password-requirements';

type NewPasswordFormProps = { token: string; onReset: () => void };

/** Sets a new password from the e-mailed link, under the same policy as sign-up (D7). */
export function NewPasswordForm({ token, onReset }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useConfirmPasswordReset();
  const invalidToken = isApiError(reset.error) && reset.error.code === 'ACCOUNTS.INVALID_TOKEN';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: passwordErrors(password)[0],
      confirm: password && confirm !== password ? 'Passwords do not match' : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate({ token, password }, { onSuccess: onReset });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {reset.isError && (
        <Alert variant="destructive">
          <p>{invalidToken ? ACCOUNT_MESSAGES.invalidToken : errorMessage(reset.error, 'Failed to reset password')}</p>
          {invalidToken && (
            <Link to="/forgot-password" className="mt-1 inline-block font-semibold underline">
              Request a new link
            </Link>
          )}
        </Alert>
      )}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={<PasswordRequirements password={password} />}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" full loading={reset.isPending} loadingText="Saving...">
        Set New Password
      </Button>
    </form>
  );
}
