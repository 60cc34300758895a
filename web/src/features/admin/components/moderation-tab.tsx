import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select';
import { TextareaField } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_TEXT, type ContentFlag, type FlagDecision, type FlagStatus } from '../api/admin-keys';
import { FLAG_STATUSES, useBulkReviewFlags, useContentFlags, useReviewFlag } from '../api/flags';
import { Badge, type BadgeTone, formatDateTime, humanize, statusTone } from './badge';
import { Loading } from './reports-tab';
import { UserHistoryDialog } from './user-history-dialog';

const NOTE_MAX = 1000;

/**
 * Content Moderation: flags filtered by status (default pending); only pending ones can be reviewed
 * (001 §4). Pending ones come worst first with their evidence, and can be decided in bulk (issue 15).
 */
export function ModerationTab() {
  const [status, setStatus] = useState<FlagStatus>('pending');
  const flags = useContentFlags(status);
  const [reviewing, setReviewing] = useState<ContentFlag | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [bulkDecision, setBulkDecision] = useState<FlagDecision | null>(null);
  // Only flags still listed count: a flag decided elsewhere drops out of the selection.
  const selectable = status === 'pending' ? (flags.data ?? []) : [];
  const selected = useMemo(() => selectable.filter((f) => picked.has(f.id)).map((f) => f.id), [selectable, picked]);
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="moderation-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="moderation-title" className="text-heading text-ink-900">
            Flagged content
          </h2>
          <p className="text-sm text-ink-600">
            Messages, profile text and photos flagged automatically or by students.
          </p>
        </div>
        <SelectField
          label="Show"
          value={status}
          onChange={(v) => {
            setStatus(v as FlagStatus);
            setPicked(new Set());
          }}
          options={FLAG_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          className="sm:w-48"
        />
      </div>

      {flags.isPending ? (
        <Loading label="Loading content flags…" />
      ) : flags.isError ? (
        <Alert variant="destructive" title={ADMIN_TEXT.flagsLoadFailed}>
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => void flags.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : flags.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-8 text-center text-ink-600">
          No {status} content flags.
        </p>
      ) : (
        <>
          {status === 'pending' && (
            <BulkBar
              total={selectable.length}
              selected={selected.length}
              onSelectAll={(on) => setPicked(new Set(on ? selectable.map((f) => f.id) : []))}
              onDecide={setBulkDecision}
            />
          )}
          <ul className="flex flex-col gap-3" aria-label={`${humanize(status)} content flags`}>
            {flags.data.map((flag) => (
              <li key={flag.id}>
                <FlagCard
                  flag={flag}
                  selected={picked.has(flag.id)}
                  onSelect={(on) => toggle(flag.id, on)}
                  onReview={() => setReviewing(flag)}
                  onHistory={setHistoryOf}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <ReviewPanel flag={reviewing} onClose={() => setReviewing(null)} />
      <BulkPanel
        decision={bulkDecision}
        flagIds={selected}
        onClose={(done) => {
          setBulkDecision(null);
          if (done) setPicked(new Set());
        }}
      />
      <UserHistoryDialog userId={historyOf} onClose={() => setHistoryOf(null)} />
    </section>
  );
}

function FlaggedContent({ flag, large = false }: { flag: ContentFlag; large?: boolean }) {
  if (flag.content === null) return <p className="text-sm text-ink-600 italic">The content is no longer available.</p>;
  if (flag.contentType === 'photo') {
    return (
      <img
        src={flag.content}
        alt={`Flagged for ${humanize(flag.flagReason)}`}
        className={large ? 'max-h-80 w-auto rounded-field object-contain' : 'h-40 w-32 rounded-field object-cover'}
      />
    );
  }
  return (
    <blockquote className="whitespace-pre-wrap break-words rounded-field border-l-4 border-accent-400 bg-ink-50 px-3 py-2 text-ink-900">
      <Highlighted text={flag.content} terms={flag.evidence} />
    </blockquote>
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The evidence marked where it stands in the text. The classifier reads normalised text ("d3posit"
 * is "deposit"), so a term found only after normalisation is listed beside the text, not marked.
 */
function Highlighted({ text, terms }: { text: string; terms: string[] }) {
  // Short single words ("and") would mark half the text: they stay in the list only.
  const usable = terms.filter((t) => t.trim().length >= 4 || t.includes(' '));
  if (usable.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${usable.map(escapeRegExp).join('|')})`, 'gi');
  return (
    <>
      {text.split(pattern).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered.
          <mark key={i} className="rounded-sm bg-gold-100 px-0.5 text-ink-900">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

const SEVERITY_TONE: Record<ContentFlag['severity'], BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

/** Select all, and the two bulk decisions for what is selected (issue 15). */
function BulkBar({
  total,
  selected,
  onSelectAll,
  onDecide,
}: {
  total: number;
  selected: number;
  onSelectAll: (on: boolean) => void;
  onDecide: (decision: FlagDecision) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200/70 bg-white px-4 py-3 shadow-card">
      <div className="flex items-center gap-2">
        <Checkbox
          id="select-all-flags"
          checked={selected === 0 ? false : selected === total ? true : 'indeterminate'}
          onCheckedChange={(v) => onSelectAll(v === true)}
        />
        <label htmlFor="select-all-flags" className="cursor-pointer text-sm font-medium text-ink-900">
          Select all
        </label>
      </div>
      <p className="mr-auto text-sm text-ink-600" aria-live="polite">
        {selected} of {total} selected
      </p>
      <Button size="sm" variant="secondary" disabled={selected === 0} onClick={() => onDecide('approved')}>
        Approve selected
      </Button>
      <Button size="sm" variant="destructive" disabled={selected === 0} onClick={() => onDecide('removed')}>
        Remove selected
      </Button>
    </div>
  );
}

function FlagCard({
  flag,
  selected,
  onSelect,
  onReview,
  onHistory,
}: {
  flag: ContentFlag;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onReview: () => void;
  onHistory: (authorId: string) => void;
}) {
  const type = humanize(flag.contentType);
  return (
    <article className="flex flex-col gap-3 rounded-card border border-ink-200/70 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        {flag.status === 'pending' && (
          <Checkbox
            checked={selected}
            onCheckedChange={(v) => onSelect(v === true)}
            aria-label={`Select: ${type} flagged for ${humanize(flag.flagReason)}`}
          />
        )}
        <h3 className="mr-auto font-bold text-ink-900">
          Flagged {flag.contentType === 'other' ? 'content' : type.toLowerCase()}
        </h3>
        <Badge tone={SEVERITY_TONE[flag.severity]}>{humanize(flag.severity)} severity</Badge>
        {flag.held && <Badge tone="accent">Held until reviewed</Badge>}
        <Badge tone={statusTone(flag.status)}>{humanize(flag.status)}</Badge>
        <Badge tone={flag.autoFlagged ? 'brand' : 'neutral'}>{flag.autoFlagged ? 'Auto-flagged' : 'User report'}</Badge>
      </div>
      <FlaggedContent flag={flag} />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-ink-600">Reason:</dt>
          <dd className="font-medium text-ink-900">{humanize(flag.flagReason)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-600">Confidence:</dt>
          <dd className="font-medium tabular-nums text-ink-900">
            {flag.confidenceScore === null ? 'Not scored' : `${Math.round(flag.confidenceScore * 100)}%`}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-600">Flagged:</dt>
          <dd className="text-ink-900">
            <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt)}</time>
          </dd>
        </div>
        {flag.evidence.length > 0 && (
          <div className="flex basis-full flex-wrap items-baseline gap-1.5">
            <dt className="text-ink-600">Evidence:</dt>
            {flag.evidence.map((e) => (
              <dd key={e} className="rounded-pill bg-gold-50 px-2 py-0.5 text-ink-900 ring-1 ring-gold-200 ring-inset">
                {e}
              </dd>
            ))}
          </div>
        )}
        {flag.reviewedAt && (
          <div className="flex gap-1.5">
            <dt className="text-ink-600">Reviewed:</dt>
            <dd className="text-ink-900">
              <time dateTime={flag.reviewedAt}>{formatDateTime(flag.reviewedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      {(flag.status === 'pending' || flag.authorId) && (
        <div className="flex flex-wrap gap-2">
          {flag.status === 'pending' && (
            <Button size="sm" onClick={onReview}>
              Review
              <span className="sr-only">
                : {type} flagged for {humanize(flag.flagReason)}
              </span>
            </Button>
          )}
          {flag.authorId && (
            <Button size="sm" variant="secondary" onClick={() => flag.authorId && onHistory(flag.authorId)}>
              History
              <span className="sr-only"> of the author</span>
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

/** The review panel: the content again, an optional note (kept with the decision, decisions N27), Approve or Remove. */
function ReviewPanel({ flag, onClose }: { flag: ContentFlag | null; onClose: () => void }) {
  const review = useReviewFlag();
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  const decide = (decision: FlagDecision) => {
    if (!flag) return;
    // Closing on a 409 too: the item was reviewed elsewhere and leaves the pending list.
    review.mutate(
      { flagId: flag.id, decision, note },
      { onSettled: (_d, error) => (!error || (isApiError(error) && error.status === 409)) && close() },
    );
  };
  return (
    <Dialog open={flag !== null} onOpenChange={(open) => !open && close()}>
      {flag && (
        <DialogContent
          title="Review flagged content"
          description={`${humanize(flag.contentType)} flagged for: ${humanize(flag.flagReason)}.`}
        >
          <div className="flex flex-col gap-5">
            <FlaggedContent flag={flag} large />
            <TextareaField
              label="Note (optional)"
              hint="Recorded with your decision in the audit log."
              value={note}
              max={NOTE_MAX}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                loading={review.isPending && review.variables?.decision === 'approved'}
                disabled={review.isPending}
                onClick={() => decide('approved')}
              >
                Approve
              </Button>
              <Button
                variant="destructive"
                loading={review.isPending && review.variables?.decision === 'removed'}
                disabled={review.isPending}
                onClick={() => decide('removed')}
              >
                Remove
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Confirms one decision for every selected flag, with one optional note (issue 15). */
function BulkPanel({
  decision,
  flagIds,
  onClose,
}: {
  decision: FlagDecision | null;
  flagIds: string[];
  onClose: (done: boolean) => void;
}) {
  const review = useBulkReviewFlags();
  const [note, setNote] = useState('');
  const close = (done: boolean) => {
    setNote('');
    onClose(done);
  };
  const count = `${flagIds.length} flagged ${flagIds.length === 1 ? 'item' : 'items'}`;
  const verb = decision === 'removed' ? 'Remove' : 'Approve';
  return (
    <Dialog open={decision !== null} onOpenChange={(open) => !open && close(false)}>
      {decision && (
        <DialogContent
          title={`${verb} ${count}?`}
          description={
            decision === 'removed'
              ? 'Removed content is hidden from everyone but admins, and each removal counts against its author.'
              : 'Approved content stays visible, and held messages are delivered.'
          }
        >
          <div className="flex flex-col gap-5">
            <TextareaField
              label="Note (optional)"
              hint="Recorded with each decision in the audit log."
              value={note}
              max={NOTE_MAX}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={review.isPending} onClick={() => close(false)}>
                Cancel
              </Button>
              <Button
                variant={decision === 'removed' ? 'destructive' : 'primary'}
                loading={review.isPending}
                disabled={review.isPending || flagIds.length === 0}
                onClick={() => review.mutate({ flagIds, decision, note }, { onSuccess: () => close(true) })}
              >
                {verb} {count}
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
