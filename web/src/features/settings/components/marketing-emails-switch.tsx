import { toast } from 'sonner';
import { MailIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { problemToast } from '../../../lib/problem-toast';
import { useMarketingEmails, useSetMarketingEmails } from '../api/marketing-emails';

/** The Settings switch the Terms screen promises: "You can change this anytime in Settings." */
export function MarketingEmailsSwitch() {
  const current = useMarketingEmails();
  const change = useSetMarketingEmails();
  const on = change.isPending ? (change.variables ?? false) : (current.data?.enabled ?? false);
  const toggle = () =>
    change.mutate(!on, {
      onSuccess: ({ enabled }) =>
        toast.success(enabled ? 'Marketing emails on' : 'Marketing emails off', {
          description: enabled ? "We'll send tips and product updates." : "We won't send tips or product updates.",
        }),
      onError: (error) => problemToast(error, 'Could not save your choice. Please try again.'),
    });
  return (
    <div className="flex w-full items-center gap-3 px-4 py-3.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailIcon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span id="marketing-emails-label" className="block font-semibold text-ink-900">
          Marketing Emails
        </span>
        <span id="marketing-emails-description" className="block text-sm break-words text-ink-600">
          Tips and product updates. Account and safety emails always come.
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="marketing-emails-label"
        aria-describedby="marketing-emails-description"
        disabled={current.isPending || change.isPending || current.isError}
        onClick={toggle}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 motion-reduce:transition-none',
          on ? 'bg-brand-700' : 'bg-ink-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            on ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
