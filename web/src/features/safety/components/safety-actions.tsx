import { type FormEvent, useState } from 'react';
import { REPORT_CATEGORIES, SAFETY_MESSAGES, SEVERITIES } from '../../../../../core/safety/rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { BanIcon, FlagIcon, MoreIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { problemToast } from '../../../lib/problem-toast';
import { type ReportCategory, type ReportSeverity, useBlockUser, useReportUser } from '../api/blocks';

const CATEGORY_LABELS: Record<ReportCategory, string> = {
  harassment: 'Harassment',
  scam: 'Scam or fraud',
  fake_profile: 'Fake profile',
  inappropriate_content: 'Inappropriate content',
  safety_concern: 'Safety concern',
  other: 'Other',
};
const SEVERITY_LABELS: Record<ReportSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical — I feel unsafe',
};
const CATEGORY_OPTIONS = REPORT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const SEVERITY_OPTIONS = SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }));
// The server's cap on report details (api/routes/safety).
const DETAILS_MAX = 2000;

type Step = 'menu' | 'report' | 'block';

type SafetyActionsProps = {
  userId: string;
  name: string;
  /** After a block: the composition drops the person from the deck, likes, matches and chat (D19). */
  onBlocked: () => void;
  /**
   * `menu`: one icon button (the chat header); `buttons`: Report and Block side by side (the profile
   * dialog); `inline`: small Report and Block under a warned message in the chat (issue 15).
   */
  variant: 'menu' | 'buttons' | 'inline';
};

/** Block and Report for another person (D20), in the profile view dialog and the chat header. */
export function SafetyActions({ userId, name, onBlocked, variant }: SafetyActionsProps) {
  const [step, setStep] = useState<Step | null>(null);
  const close = () => setStep(null);
  return (
    <>
      {variant === 'menu' ? (
        <button
          type="button"
          onClick={() => setStep('menu')}
          aria-label={`Safety options for ${name}`}
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          <MoreIcon className="size-5" />
        </button>
      ) : variant === 'inline' ? (
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setStep('report')}
            aria-label={`Report ${name}`}
            className="inline-flex min-h-9 items-center gap-1 rounded-full bg-white px-3 text-sm font-semibold text-ink-800 ring-1 ring-gold-300 hover:bg-gold-100 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <FlagIcon className="size-4" /> Report
          </button>
          <button
            type="button"
            onClick={() => setStep('block')}
            aria-label={`Block ${name}`}
            className="inline-flex min-h-9 items-center gap-1 rounded-full bg-white px-3 text-sm font-semibold text-danger-700 ring-1 ring-gold-300 hover:bg-gold-100 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <BanIcon className="size-4" /> Block
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 border-t border-ink-200/70 pt-4">
          <Button variant="secondary" size="sm" onClick={() => setStep('report')}>
            <FlagIcon className="size-4" /> Report
          </Button>
          <Button variant="secondary" size="sm" className="text-danger-700" onClick={() => setStep('block')}>
            <BanIcon className="size-4" /> Block
          </Button>
        </div>
      )}
      <Dialog open={step !== null} onOpenChange={(open) => !open && close()}>
        {step === 'menu' && (
          <DialogContent title="Safety options" description={`Report or block ${name}.`}>
            <div className="flex flex-col gap-2">
              <Button variant="secondary" full onClick={() => setStep('report')}>
                <FlagIcon className="size-4" /> Report {name}
              </Button>
              <Button variant="secondary" full className="text-danger-700" onClick={() => setStep('block')}>
                <BanIcon className="size-4" /> Block {name}
              </Button>
            </div>
          </DialogContent>
        )}
        {step === 'report' && <ReportContent userId={userId} name={name} onDone={close} />}
        {step === 'block' && (
          <BlockContent
            userId={userId}
            name={name}
            onCancel={close}
            onBlocked={() => {
              close();
              onBlocked();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function ReportContent({ userId, name, onDone }: { userId: string; name: string; onDone: () => void }) {
  const report = useReportUser();
  const [category, setCategory] = useState('');
  const [severity, setSeverity] = useState<string>('medium');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!category) {
      setError('Please choose a category.');
      return;
    }
    report.mutate(
      {
        reportedUserId: userId,
        category: category as ReportCategory,
        severity: severity as ReportSeverity,
        details,
      },
      {
        onSuccess: () => {
          toast.success('Report submitted', { description: SAFETY_MESSAGES.reportSubmitted });
          onDone();
        },
        onError: (e) => problemToast(e, 'Failed to submit report. Please try again.'),
      },
    );
  }

  return (
    <DialogContent
      title={`Report ${name}`}
      description="The person you report is never told who reported them. If you are in danger, call 911."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <SelectField
          label="What happened?"
          required
          placeholder="Choose a category"
          value={category}
          onChange={(value) => {
            setCategory(value);
            setError(undefined);
          }}
          options={CATEGORY_OPTIONS}
          error={error}
        />
        <SelectField
          label="How serious is it?"
          required
          value={severity}
          onChange={setSeverity}
          options={SEVERITY_OPTIONS}
        />
        <TextareaField
          label="Details (optional)"
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          max={DETAILS_MAX}
          rows={4}
          hint="What happened, and when. Don't include passwords or card numbers."
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={report.isPending}>
            Submit Report
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

type BlockContentProps = { userId: string; name: string; onCancel: () => void; onBlocked: () => void };

function BlockContent({ userId, name, onCancel, onBlocked }: BlockContentProps) {
  const block = useBlockUser();
  return (
    <DialogContent
      title={`Block ${name}?`}
      description="They won't see you in discovery, likes or matches, and your conversation ends for both of you. You can unblock them later in Settings → Blocked Users."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          loading={block.isPending}
          onClick={() =>
            block.mutate(userId, {
              onSuccess: () => {
                toast.success(`${name} has been blocked`);
                onBlocked();
              },
              onError: (e) => problemToast(e, 'Failed to block user. Please try again.'),
            })
          }
        >
          <BanIcon className="size-4" /> Block
        </Button>
      </div>
    </DialogContent>
  );
}
