import { FACTOR_LABELS } from '../../../../../core/matching/comparison';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { OutcomeAnalytics } from '../api/admin-keys';
import { useOutcomeAnalytics } from '../api/analytics';
import { Loading } from './reports-tab';

const rating = (r: number | null) => (r === null ? '–' : r.toFixed(1));
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const label = (key: string) => FACTOR_LABELS[key as keyof typeof FACTOR_LABELS] ?? key;

/**
 * Issue 21's outcome loop on the dashboard (N160): how the 30- and 90-day "How's living together?"
 * answers went by today's compatibility band, and per factor when the roommates agreed on it or not.
 */
export function LivingTogether() {
  const outcomes = useOutcomeAnalytics();
  return (
    <section
      aria-labelledby="living-together-title"
      className="rounded-card border border-ink-200/70 bg-white p-4 shadow-card"
    >
      <h3 id="living-together-title" className="font-bold text-ink-900">
        Living together
      </h3>
      <p className="mb-3 text-sm text-ink-600">
        Ratings (1–5) from the 30- and 90-day “How’s living together?” check-ins, against today’s compatibility scores.
      </p>
      {outcomes.isPending ? (
        <Loading label="Loading check-ins…" />
      ) : outcomes.isError ? (
        <Alert variant="destructive" title="We couldn't load the check-ins">
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => void outcomes.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : outcomes.data.answers === 0 ? (
        <p className="rounded-card bg-ink-50 p-4 text-sm text-ink-700">
          No check-in answers yet. Roommates are asked 30 and 90 days after everyone accepts their agreement.
        </p>
      ) : (
        <OutcomeTables data={outcomes.data} />
      )}
    </section>
  );
}

const th = 'py-2 pr-3 font-medium';

function OutcomeTables({ data }: { data: OutcomeAnalytics }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">
        {data.answers} {data.answers === 1 ? 'answer' : 'answers'}
        {data.unscored > 0 ? ` (${data.unscored} more without a profile to score)` : ''}. Mean ratings leave out people
        who didn’t move in.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <section className="overflow-x-auto" tabIndex={0} aria-label="Check-ins by compatibility band">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Check-ins by compatibility band</caption>
          <thead>
            <tr className="border-b border-ink-200 text-ink-600">
              <th scope="col" className={th}>
                Compatibility
              </th>
              <th scope="col" className={th}>
                Answers
              </th>
              <th scope="col" className={th}>
                Mean rating
              </th>
              <th scope="col" className="py-2 font-medium">
                Didn’t move in
              </th>
            </tr>
          </thead>
          <tbody>
            {data.bands.map((b) => (
              <tr key={b.band} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="py-2 pr-3 font-medium text-ink-900">
                  {b.band}
                </th>
                <td className="py-2 pr-3">{b.answers}</td>
                <td className="py-2 pr-3">{rating(b.meanRating)}</td>
                <td className="py-2">{percent(b.didNotMoveInShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <section className="overflow-x-auto" tabIndex={0} aria-label="Mean rating by factor">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Mean rating by factor, agreed vs differed</caption>
          <thead>
            <tr className="border-b border-ink-200 text-ink-600">
              <th scope="col" className={th}>
                Factor
              </th>
              <th scope="col" className={th}>
                Agreed
              </th>
              <th scope="col" className="py-2 font-medium">
                Differed
              </th>
            </tr>
          </thead>
          <tbody>
            {data.factors.map((f) => (
              <tr key={f.key} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="py-2 pr-3 font-medium text-ink-900">
                  {label(f.key)}
                </th>
                <td className="py-2 pr-3">
                  <MeanCell cell={f.agreed} />
                </td>
                <td className="py-2">
                  <MeanCell cell={f.differed} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="text-xs text-ink-600">
        Agreed: the roommates earned at least 75% of the factor’s points (at most one step apart on a 1–5 slider, for
        example; a factor someone left blank counts as agreed). Answers in brackets.
      </p>
    </div>
  );
}

function MeanCell({ cell }: { cell: OutcomeAnalytics['factors'][number]['agreed'] }) {
  if (cell.meanRating === null) return <span className="text-ink-500">–</span>;
  return (
    <>
      <span className="font-semibold text-ink-900">{rating(cell.meanRating)}</span>{' '}
      <span className="text-ink-600">({cell.answers})</span>
    </>
  );
}
