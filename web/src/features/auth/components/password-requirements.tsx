import { PASSWORD_MIN } from '../../../../../core/accounts/rules';
import { CheckIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

// The D7 policy as a checklist, so people can see what is missing while they type.
const requirements = [
  { label: `At least ${PASSWORD_MIN} characters`, test: (p: string) => p.length >= PASSWORD_MIN },
  { label: 'An uppercase and a lowercase letter', test: (p: string) => /[A-Z]/.test(p) && /[a-z]/.test(p) },
  { label: 'A number', test: (p: string) => /[0-9]/.test(p) },
  { label: 'A special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
];

export function PasswordRequirements({ password }: { password: string }) {
  return (
    <ul className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
      {requirements.map(({ label, test }) => {
        const met = test(password);
        return (
          <li key={label} className={cn('flex items-center gap-1.5', met ? 'text-success-700' : 'text-ink-600')}>
            <CheckIcon className={cn('size-4', met ? 'opacity-100' : 'opacity-40')} />
            {label}
            <span className="sr-only">{met ? ' (done)' : ' (missing)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
