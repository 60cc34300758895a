import { type FormEvent, useState } from 'react';
import { resetRequestErrors } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';

type ResetRequestFormProps = { initialEmail?: string; onSent: (email: string) => void };

/** Password reset step 1 (000 §2). */
export function ResetRequestForm({ initialEmail = '', onSent }: ResetRequestFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const reset = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const first = resetRequestErrors({ email })[0]?.message;
    setFieldError(first);
    if (first) return;
    reset.mutate(email.trim(), { onSuccess: () => onSent(email.trim()) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {reset.isError && <Alert variant="destructive">{errorMessage(reset.error, 'Failed to send reset email')}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@university.edu"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
      />
      <Button type="submit" size="lg" full loading={reset.isPending} loadingText="Sending...">
        Send Reset Link
      </Button>
    </form>
  );
}
