import { type FormEvent, useState } from 'react';
import { emailErrors } from '../../../../../core/accounts/rules';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useResendConfirmation } from '../api/resend-confirmation';

/** Asks for the address and sends a fresh confirmation link (after an invalid or expired one). */
export function ResendConfirmationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const resend = useResendConfirmation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const first = emailErrors(email, { requireEdu: true })[0];
    setError(first);
    if (first) return;
    resend.mutate(email.trim(), {
      onSuccess: () =>
        toast.success('Email resent! 📧', { description: 'Check your inbox for the new confirmation email.' }),
      onError: (e) => setError(errorMessage(e, 'Failed to resend email')),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        className="flex-1"
        label="University Email"
        type="email"
        autoComplete="email"
        placeholder="you@university.edu"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" className="sm:mt-7" loading={resend.isPending}>
        Resend confirmation
      </Button>
    </form>
  );
}
