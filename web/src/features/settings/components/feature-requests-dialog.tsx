import { type FormEvent, useState } from 'react';
import {
  FEATURE_CATEGORIES,
  FEATURE_PRIORITIES,
  FEEDBACK_MESSAGES,
  featureRequestErrors,
} from '../../../../../core/feedback/rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CheckIcon, HeartIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import {
  type FeatureCategory,
  type FeaturePriority,
  type PopularRequest,
  usePopularRequests,
  useSubmitFeatureRequest,
  useVote,
} from '../api/feature-requests';

// 001 §9: title 100, description 500.
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 500;

const CATEGORY_LABELS: Record<FeatureCategory, string> = {
  matching: 'Matching',
  messaging: 'Messaging',
  profile: 'Profile',
  safety: 'Safety',
  other: 'Other',
};
const PRIORITY_LABELS: Record<FeaturePriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
const CATEGORY_OPTIONS = FEATURE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const PRIORITY_OPTIONS = FEATURE_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

const emptyForm = () => ({
  title: '',
  description: '',
  category: 'other' as FeatureCategory,
  priority: 'medium' as FeaturePriority,
});

type FeatureRequestsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The Feature Requests modal (001 §2, §4, §5): the form, popular requests with votes, a thank-you view. */
export function FeatureRequestsDialog({ open, onOpenChange }: FeatureRequestsDialogProps) {
  const [submitted, setSubmitted] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSubmitted(false);
        onOpenChange(next);
      }}
    >
      {open &&
        (submitted ? (
          <DialogContent title="Thank you!" description="Your feature request has been submitted.">
            <div className="flex flex-col items-center gap-4 py-4 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-success-50 text-success-700">
                <CheckIcon className="size-7" />
              </span>
              <p className="max-w-sm text-ink-700">
                We read every request. The most popular ones shape what we build next.
              </p>
              <Button onClick={() => setSubmitted(false)}>Submit Another Request</Button>
            </div>
          </DialogContent>
        ) : (
          <DialogContent title="Feature Requests" description="Tell us what would make Nestmate better for you.">
            <div className="flex flex-col gap-6">
              <RequestForm onSubmitted={() => setSubmitted(true)} />
              <PopularRequests />
            </div>
          </DialogContent>
        ))}
    </Dialog>
  );
}

function RequestForm({ onSubmitted }: { onSubmitted: () => void }) {
  const submit = useSubmitFeatureRequest();
  const [values, setValues] = useState(emptyForm);
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...values, title: values.title.trim(), description: values.description.trim() };
    const found = featureRequestErrors(body);
    if (found[0]) {
      setError(found[0].message);
      return;
    }
    setError(undefined);
    submit.mutate(body, {
      onSuccess: () => {
        setValues(emptyForm());
        onSubmitted();
      },
      onError: (e) =>
        toast.error('Submission Failed', { description: errorMessage(e, 'Something went wrong. Please try again.') }),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="New feature request">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-col gap-1">
        <TextField
          label="Title"
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          maxLength={TITLE_MAX}
          placeholder="e.g. Filter by pet-friendly places"
          required
        />
        <p className="self-end text-sm tabular-nums text-ink-600" aria-hidden="true">
          {values.title.length}/{TITLE_MAX}
        </p>
      </div>
      <TextareaField
        label="Description"
        value={values.description}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        max={DESCRIPTION_MAX}
        rows={4}
        placeholder="What would you like, and how would it help you?"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={values.category}
          onChange={(category) => setValues((v) => ({ ...v, category: category as FeatureCategory }))}
          options={CATEGORY_OPTIONS}
        />
        <SelectField
          label="Priority"
          value={values.priority}
          onChange={(priority) => setValues((v) => ({ ...v, priority: priority as FeaturePriority }))}
          options={PRIORITY_OPTIONS}
        />
      </div>
      <Button type="submit" className="self-end" loading={submit.isPending}>
        Submit Request
      </Button>
    </form>
  );
}

function PopularRequests() {
  const popular = usePopularRequests(true);
  return (
    <section aria-labelledby="popular-heading" className="flex flex-col gap-3 border-t border-ink-200/70 pt-5">
      <h3 id="popular-heading" className="font-bold text-ink-900">
        Popular Requests
      </h3>
      {popular.isPending ? (
        <Spinner size="sm" label="Loading popular requests" className="text-brand-700" />
      ) : popular.isError ? (
        <p className="text-sm text-ink-600">Popular requests are unavailable right now.</p>
      ) : popular.data.length === 0 ? (
        <p className="text-sm text-ink-600">No requests yet. Be the first!</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {popular.data.map((r) => (
            <PopularRow key={r.id} request={r} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PopularRow({ request }: { request: PopularRequest }) {
  const vote = useVote();
  // Shows that the vote counted (issue 17), today's votes read back from the server; the server
  // also refuses a second vote the same day.
  const [votedNow, setVoted] = useState(false);
  const voted = votedNow || request.votedToday;
  const label = CATEGORY_LABELS[request.category as FeatureCategory] ?? request.category;
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-ink-50 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink-900">{request.title}</p>
        <p className="text-sm text-ink-600">
          {label} · {request.voteCount} {request.voteCount === 1 ? 'vote' : 'votes'}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={vote.isPending}
        disabled={voted}
        aria-pressed={voted}
        aria-label={voted ? `Voted for ${request.title}` : `Vote for ${request.title}`}
        onClick={() =>
          vote.mutate(request.id, {
            onSuccess: () => {
              setVoted(true);
              toast.success('Vote counted', { description: 'Thanks for helping us prioritize.' });
            },
            onError: (e) => {
              // 001 §8: the server's reason (one vote a day per request), else a generic failure.
              if (isApiError(e) && e.code === 'FEEDBACK.ALREADY_VOTED') setVoted(true);
              if (isApiError(e) && e.status < 500) {
                toast.error(FEEDBACK_MESSAGES.voteTitle, { description: e.detail || FEEDBACK_MESSAGES.votedToday });
              } else {
                toast.error('Voting Failed', { description: 'Something went wrong. Please try again.' });
              }
            },
          })
        }
      >
        {voted ? (
          <>
            <CheckIcon className="size-4" /> Voted
          </>
        ) : (
          <>
            <HeartIcon className="size-4" /> Vote
          </>
        )}
      </Button>
    </li>
  );
}
