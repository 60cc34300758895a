import { useState } from 'react';
import { REJECT_REASON_IDS, REJECT_REASONS } from '../../../../../core/verification/rules';
import { Button } from '../../../components/ui/button';
import { CheckIcon, XIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select';
import { useReviewVerification, useVerificationQueue, type VerificationItem } from '../api/verifications';
import { Badge, formatDateTime } from './badge';
import { Loading } from './reports-tab';

/**
 * Photo verification (issue 16 §2): each selfie beside the pose asked for and the student's photos;
 * approve, or reject with a reason from the list. The selfie is served only to admins.
 */
export function VerificationTab() {
  const queue = useVerificationQueue();
  return (
    <section aria-labelledby="verification-title" className="flex flex-col gap-4">
      <div>
        <h2 id="verification-title" className="text-heading text-ink-900">
          Photo verification
        </h2>
        <p className="text-sm text-ink-600">
          Does the selfie show the requested pose, and the person in the main photo? Oldest first.
        </p>
      </div>
      {queue.isPending ? (
        <Loading label="Loading the verification queue" />
      ) : queue.isError ? (
        <p className="text-danger-700">
          The queue could not be loaded.{' '}
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </p>
      ) : queue.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-8 text-center text-ink-600">
          No selfies waiting for review.
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Selfies waiting for review">
          {queue.data.map((item) => (
            <li key={item.id}>
              <VerificationCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerificationCard({ item }: { item: VerificationItem }) {
  const review = useReviewVerification();
  const [reason, setReason] = useState('');
  const who = item.name ?? item.email;
  return (
    <article
      aria-label={`Selfie from ${who}`}
      className="flex flex-col gap-4 rounded-card border border-ink-200/70 bg-white p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink-900">{who}</p>
          {/* The address may break anywhere on a phone; the school's name only between words. */}
          <p className="text-sm text-ink-600">
            <span className="[overflow-wrap:anywhere]">{item.email}</span>
            {item.university ? ` · ${item.university}` : ''}
          </p>
        </div>
        <p className="text-sm text-ink-600">Sent {formatDateTime(item.submittedAt)}</p>
      </div>
      <div className="rounded-field bg-brand-50 px-3 py-2 ring-1 ring-brand-200 ring-inset">
        <span className="text-sm font-semibold text-brand-800">Requested pose: </span>
        <span className="font-semibold text-ink-900">{item.poseLabel}</span>
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <figure className="flex flex-col gap-2">
          <img
            src={item.selfieUrl}
            alt={`Verification selfie of ${who}`}
            className="aspect-[4/3] w-full rounded-2xl bg-ink-100 object-cover"
          />
          <figcaption className="text-sm font-medium text-ink-700">Live selfie</figcaption>
        </figure>
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-3 gap-2">
            {item.photos.map((p, i) => (
              <figure key={p.id} className="flex flex-col gap-1">
                <img
                  src={p.url}
                  alt={`${who}, ${i === 0 ? 'main' : `number ${i + 1}`} on the profile`}
                  className="aspect-square w-full rounded-xl bg-ink-100 object-cover"
                />
                {p.id === item.mainPhotoId && <Badge tone="brand">Compared</Badge>}
              </figure>
            ))}
          </div>
          <p className="text-sm font-medium text-ink-700">Profile photos (first is the main photo)</p>
          {item.mainPhotoChanged && (
            <p className="text-sm text-gold-800">
              The main photo changed after the selfie: an approval will not show the badge until a new selfie.
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-ink-200/70 pt-4 md:flex-row md:items-end">
        <Button
          className="md:order-last md:ml-auto"
          disabled={review.isPending}
          onClick={() => review.mutate({ id: item.id, decision: { decision: 'approve' } })}
        >
          <CheckIcon className="size-4" /> Approve
        </Button>
        <SelectField
          label="Reason to reject"
          placeholder="Choose a reason"
          value={reason}
          onChange={setReason}
          options={REJECT_REASON_IDS.map((r) => ({ value: r, label: REJECT_REASONS[r] }))}
          className="md:w-72"
        />
        <Button
          variant="destructive"
          disabled={review.isPending || !reason}
          onClick={() =>
            review.mutate({
              id: item.id,
              decision: { decision: 'reject', reason: reason as (typeof REJECT_REASON_IDS)[number] },
            })
          }
        >
          <XIcon className="size-4" /> Reject
        </Button>
      </div>
    </article>
  );
}
