import { MailIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
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
      <Switch
        id="marketing-emails"
        on={on}
        onChange={toggle}
        disabled={current.isPending || change.isPending || current.isError}
      />
    </div>
  );
}
