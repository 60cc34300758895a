import { Button } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';

type AgeGateProps = { onConfirm: () => void; onBack: () => void };

/** Sign-up step 1 (000 §2): the product is for college students aged 18 or older only. */
export function AgeGate({ onConfirm, onBack }: AgeGateProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex gap-3 rounded-field bg-brand-50 p-4 text-brand-900">
        <ShieldIcon className="mt-0.5 size-6 shrink-0" />
        <p>
          Nestmate is for <strong>college students 18 and older</strong> only. By continuing, you confirm that you are
          at least 18 years old and currently enrolled at a U.S. college or university.
        </p>
      </div>
      <p className="text-sm text-ink-600">
        Please review our{' '}
        <a
          href="/terms-of-service"
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          Terms of Service<span className="sr-only"> (opens in a new tab)</span>
        </a>{' '}
        and{' '}
        <a
          href="/privacy-policy"
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <div className="flex flex-col gap-3">
        <Button size="lg" full onClick={onConfirm}>
          I'm 18 or older, continue
        </Button>
        <Button variant="ghost" size="lg" full onClick={onBack}>
          Go back
        </Button>
      </div>
    </div>
  );
}
