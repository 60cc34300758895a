import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { AutoFlagPrecision } from '../api/admin-keys';
import { ANALYTICS_DAYS, useAdminAnalytics } from '../api/analytics';
import { humanize } from './badge';
import { BarChart } from './bar-chart';
import { LivingTogether } from './living-together';
import { Loading } from './reports-tab';

/** Analytics: sign-ups, matches and messages per day, as charts with their data tables; auto-flag precision; living together. */
export function AnalyticsTab() {
  const analytics = useAdminAnalytics();
  return (
    <section aria-labelledby="analytics-title" className="flex flex-col gap-4">
      <div>
        <h2 id="analytics-title" className="text-heading text-ink-900">
          Activity
        </h2>
        <p className="text-sm text-ink-600">The last {ANALYTICS_DAYS} days, per day (UTC).</p>
      </div>
      {analytics.isPending ? (
        <Loading label="Loading analytics…" />
      ) : analytics.isError ? (
        <Alert variant="destructive" title="We couldn't load analytics">
          <Button variant="secondary" size="sm" className="mt-1" onClick={() => void analytics.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-3">
            <BarChart
              title="Sign-ups"
              unit="sign-ups"
              barClassName="fill-brand-600"
              data={analytics.data.days.map((d) => ({ day: d.day, value: d.signUps }))}
            />
            <BarChart
              title="Matches"
              unit="matches"
              barClassName="fill-accent-600"
              data={analytics.data.days.map((d) => ({ day: d.day, value: d.matches }))}
            />
            <BarChart
              title="Messages"
              unit="messages"
              barClassName="fill-gold-700"
              data={analytics.data.days.map((d) => ({ day: d.day, value: d.messages }))}
            />
          </div>
          <PrecisionTable precision={analytics.data.autoFlagPrecision} />
        </>
      )}
      <LivingTogether />
    </section>
  );
}

type Cell = AutoFlagPrecision['overall']['total'];

const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function PrecisionCell({ cell }: { cell: Cell }) {
  if (cell.precision === null) return <span className="text-ink-500">–</span>;
  return (
    <>
      <span className="font-semibold text-ink-900">{Math.round(cell.precision * 100)}%</span>{' '}
      <span className="text-ink-600">
        ({cell.upheld}/{cell.upheld + cell.dismissed})
      </span>
    </>
  );
}

/**
 * Issue 15's feedback loop: of the automatic flags admins reviewed, the share they upheld (removed),
 * per category and review week, so a category the classifier gets wrong more often shows.
 */
function PrecisionTable({ precision }: { precision: AutoFlagPrecision }) {
  const rows = [
    ...precision.categories.map((c) => ({ label: humanize(c.category), ...c })),
    { label: 'All categories', ...precision.overall },
  ];
  return (
    <div className="rounded-card border border-ink-200/70 bg-white p-4 shadow-card">
      <h3 id="precision-title" className="font-bold text-ink-900">
        Auto-flag precision
      </h3>
      <p className="mb-3 text-sm text-ink-600">
        Of the automatic flags reviewed, the share admins upheld by removing the content (upheld / reviewed), per week
        of review.
      </p>
      {/* A region that scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <section className="overflow-x-auto" tabIndex={0} aria-label="Auto-flag precision by week">
        <table aria-labelledby="precision-title" className="w-full min-w-max text-left text-sm tabular-nums">
          <thead>
            <tr className="border-b border-ink-200 text-ink-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                Category
              </th>
              {precision.weeks.map((w) => (
                <th key={w} scope="col" className="py-2 pr-4 font-medium">
                  Week of {weekLabel.format(new Date(`${w}T00:00:00Z`))}
                </th>
              ))}
              <th scope="col" className="py-2 font-medium">
                All
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="py-2 pr-4 font-medium text-ink-900">
                  {r.label}
                </th>
                {r.weeks.map((cell, i) => (
                  <td key={precision.weeks[i]} className="py-2 pr-4">
                    <PrecisionCell cell={cell} />
                  </td>
                ))}
                <td className="py-2">
                  <PrecisionCell cell={r.total} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
