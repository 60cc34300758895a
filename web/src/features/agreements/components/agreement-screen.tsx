import { type FormEvent, type ReactNode, useState } from 'react';
import { agreementErrors } from '../../../../../core/accounts/rules';
import { Alert } from '../../../components/ui/alert';
import { AuthLayout } from '../../../components/ui/auth-layout';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { ShieldIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { buildAgreement, storePendingAgreement } from '../api/pending-agreement';
import { useSaveAgreement } from '../api/save-agreement';

const FAILED = 'Failed to process agreement. Please try again.';

type AgreementScreenProps = {
  /**
   * `pending`: signed out right after the confirmation link, the agreement is kept in this browser
   * until sign-in (000 §4). `direct`: a signed-in user without an agreement; it is saved at once.
   */
  mode: 'pending' | 'direct';
  onDone: () => void;
  /** Shown above the form, e.g. "Email confirmed". */
  notice?: ReactNode;
};

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Terms and Privacy agreement (000 §2, 001 §5): both required, marketing optional. */
export function AgreementScreen({ mode, onDone, notice }: AgreementScreenProps) {
  const [tos, setTos] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveAgreement();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const agreement = buildAgreement({ tos, privacy, marketing });
    const first = agreementErrors(agreement)[0];
    if (first) {
      setError(first.message);
      return;
    }
    setError(null);
    if (mode === 'direct') {
      save.mutate(agreement, { onSuccess: onDone, onError: (e) => setError(errorMessage(e, FAILED)) });
      return;
    }
    try {
      storePendingAgreement(agreement);
      onDone();
    } catch (e) {
      console.error('Could not keep the agreement in this browser', e);
      setError(FAILED);
    }
  };

  return (
    <AuthLayout
      title="Terms & Privacy"
      description="One last step before you start matching. Please review and accept how Nestmate works."
      icon={<ShieldIcon className="size-7" />}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {notice}
        {error && <Alert variant="destructive">{error}</Alert>}
        <fieldset className="flex flex-col gap-4">
          <legend className="sr-only">Agreements</legend>
          <CheckboxField
            checked={tos}
            onCheckedChange={(v) => setTos(v === true)}
            aria-required="true"
            label={
              <>
                I agree to the <NewTabLink href="/terms-of-service">Terms of Service</NewTabLink> (required)
              </>
            }
          />
          <CheckboxField
            checked={privacy}
            onCheckedChange={(v) => setPrivacy(v === true)}
            aria-required="true"
            label={
              <>
                I agree to the <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink> (required)
              </>
            }
          />
          <CheckboxField
            checked={marketing}
            onCheckedChange={(v) => setMarketing(v === true)}
            label="Send me tips and product updates (optional)"
            description="You can change this anytime in Settings."
          />
        </fieldset>
        <Button type="submit" size="lg" full loading={save.isPending} loadingText="Saving...">
          Accept and Continue
        </Button>
      </form>
    </AuthLayout>
  );
}
