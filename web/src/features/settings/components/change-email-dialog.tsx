import { type FormEvent, useState } from 'react';
import { emailChangeErrors } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { MailIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/input';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { firstErrorByField } from '../../../lib/form-errors';
import { useRequestEmailChange } from '../api/change-email';

type ChangeEmailDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentEmail: string;
  /** A new address already asked for and not confirmed yet. */
  pendingEmail: string | null;
  /** After a request: the composition refreshes what it knows of the account. */
  onRequested: () => void;
};

/**
 * Change Email (issue 16 §1): a new .edu address and the current password. A link goes to the new
 * address and a notice to the current one; the school is taken from the new address once the link
 * is opened, and until then the current address keeps working.
 */
export function ChangeEmailDialog({
  open,
  onOpenChange,
  currentEmail,
  pendingEmail,
  onRequested,
}: ChangeEmailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title="Change Email"
          description="Your school comes from your university e-mail address. A new address must be confirmed before it replaces this one."
        >
          <ChangeEmailForm
            currentEmail={currentEmail}
            pendingEmail={pendingEmail}
            onRequested={onRequested}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ChangeEmailForm({
  currentEmail,
  pendingEmail,
  onRequested,
  onDone,
}: Omit<ChangeEmailDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestEmailChange();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The same rules as the server (style habit 8): a .edu address and a password.
    const problems = emailChangeErrors({ newEmail, password });
    setFieldErrors(firstErrorByField(problems));
    if (problems.length > 0) return;
    request.mutate(
      { newEmail, password },
      {
        onSuccess: (answer) => {
          setSentTo(answer.pendingEmail);
          setPassword('');
          onRequested();
        },
        onError: (e) => {
          if (isApiError(e) && e.errors.length > 0) setFieldErrors(firstErrorByField(e.errors));
          else setError(errorMessage(e, 'We could not send the link. Please try again.'));
        },
      },
    );
  };

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success" title="Check your new inbox">
          If {sentTo} can be used, it has a confirmation link now. Open it within 24 hours to finish the change; until
          then you keep signing in with {currentEmail}. We also let {currentEmail} know.
        </Alert>
        <Button className="self-end" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <p className="flex items-center gap-2 text-sm text-ink-700">
        <MailIcon className="size-5 shrink-0 text-brand-700" />
        <span className="min-w-0 break-words">
          Current address: <span className="font-semibold text-ink-900">{currentEmail}</span>
        </span>
      </p>
      {pendingEmail && (
        <p role="status" className="rounded-2xl bg-ink-50 px-4 py-3 text-sm break-words text-ink-700">
          Waiting for the link sent to <span className="font-semibold text-ink-900">{pendingEmail}</span>. Asking again
          sends a new link and the old one stops working.
        </p>
      )}
      <TextField
        label="New university email"
        type="email"
        autoComplete="email"
        placeholder="you@university.edu"
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
        error={fieldErrors.newEmail}
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
      />
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" loading={request.isPending} loadingText="Sending..." className="self-end">
        Send Confirmation Link
      </Button>
    </form>
  );
}
