import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select';
import { TextareaField } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_TEXT, type ContentFlag, type FlagDecision, type FlagStatus } from '../api/admin-keys';
import { FLAG_STATUSES, useContentFlags, useReviewFlag } from '../api/flags';
import { Badge, formatDateTime, humanize, statusTone } from './badge';
import { Loading } from './reports-tab';
import { UserHistoryDialog } from './user-history-dialog';

const NOTE_MAX = 1000;

/** Content Moderation: flags filtered by status (default pending); only pending ones can be reviewed (001 §4). */
export function ModerationTab() {
  const [status, setStatus] = useState<FlagStatus>('pending');
  const flags = useContentFlags(status);
  const [reviewing, setReviewing] = useState<ContentFlag | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);

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
          onChange={(v) => setStatus(v as FlagStatus)}
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
        <ul className="flex flex-col gap-3" aria-label={`${humanize(status)} content flags`}>
          {flags.data.map((flag) => (
            <li key={flag.id}>
              <FlagCard flag={flag} onReview={() => setReviewing(flag)} onHistory={setHistoryOf} />
            </li>
          ))}
        </ul>
      )}
      <ReviewPanel flag={reviewing} onClose={() => setReviewing(null)} />
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
      {flag.content}
    </blockquote>
  );
}

function FlagCard({
  flag,
  onReview,
  onHistory,
}: {
  flag: ContentFlag;
  onReview: () => void;
  onHistory: (authorId: string) => void;
}) {
  const type = humanize(flag.contentType);
  return (
    <article className="flex flex-col gap-3 rounded-card border border-ink-200/70 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-bold text-ink-900">
          Flagged {flag.contentType === 'other' ? 'content' : type.toLowerCase()}
        </h3>
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
