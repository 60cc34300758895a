import { type FormEvent, useState } from 'react';
import { CHECK_IN_QUESTION, CHECK_IN_TEXT_MAX } from '../../../../../core/roommate-agreements/outcomes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/input';
import { TextareaField } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useAnswerCheckIn, useCheckIn } from '../api/roommate-agreement';

const RATINGS = [
  [1, 'Really hard'],
  [2, 'Hard'],
  [3, 'OK'],
  [4, 'Good'],
  [5, 'Great'],
] as const;

/** The outcome loop's question, 30 and 90 days after the agreement was accepted (issue 21, N148). */
export function CheckInCard({ conversationId }: { conversationId: string }) {
  const checkIn = useCheckIn(conversationId, true);
  const answer = useAnswerCheckIn(conversationId);
  const [rating, setRating] = useState<number | null>(null);
  const [whatWorks, setWhatWorks] = useState('');
  const [whatDoesnt, setWhatDoesnt] = useState('');
  const [didNotMoveIn, setDidNotMoveIn] = useState(false);
  const [missing, setMissing] = useState(false);
  const [thanked, setThanked] = useState(false);
  if (thanked)
    return (
      <Alert variant="success" title="Thank you!" className="print:hidden">
        Your answer helps Nestmate suggest better roommates.
      </Alert>
    );
  const due = checkIn.data?.due;
  if (!due) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating === null) {
      setMissing(true);
      return;
    }
    answer.mutate(
      { checkpointDays: due, rating, whatWorks, whatDoesnt, didNotMoveIn },
      { onSuccess: () => setThanked(true) },
    );
  };

  return (
    <Card className="p-5 sm:p-6 print:hidden">
      <form onSubmit={submit} noValidate aria-labelledby="check-in-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="check-in-heading" className="text-heading text-ink-900">
            {CHECK_IN_QUESTION}
          </h2>
          <p className="mt-1 text-ink-700">
            It has been {due === 30 ? 'a month' : 'three months'} since you all accepted the agreement. Only Nestmate
            sees your answer.
          </p>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-ink-800">From 1 to 5</legend>
          <div className="mt-2 grid grid-cols-5 gap-2">
            {RATINGS.map(([value, label]) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-14 cursor-pointer flex-col items-center justify-center rounded-field border px-1 py-2 text-center text-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-600',
                  rating === value
                    ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900'
                    : 'border-ink-300 text-ink-800',
                )}
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  className="sr-only"
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                    setMissing(false);
                  }}
                />
                <span className="text-lg font-bold">{value}</span>
                <span className="text-xs">{label}</span>
              </label>
            ))}
          </div>
          <FieldError>{missing ? 'Choose a rating from 1 to 5.' : undefined}</FieldError>
        </fieldset>
        <TextareaField
          label="What works"
          rows={2}
          max={CHECK_IN_TEXT_MAX}
          value={whatWorks}
          onChange={(e) => setWhatWorks(e.target.value)}
        />
        <TextareaField
          label="What doesn't"
          rows={2}
          max={CHECK_IN_TEXT_MAX}
          value={whatDoesnt}
          onChange={(e) => setWhatDoesnt(e.target.value)}
        />
        <label className="flex min-h-11 items-center gap-2 text-ink-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={didNotMoveIn}
            onChange={(e) => setDidNotMoveIn(e.target.checked)}
          />
          We didn't move in together
        </label>
        {answer.isError && (
          <Alert variant="destructive">{errorMessage(answer.error, 'Your answer could not be saved.')}</Alert>
        )}
        <Button type="submit" className="self-start" loading={answer.isPending} loadingText="Sending…">
          Send answer
        </Button>
      </form>
    </Card>
  );
}
