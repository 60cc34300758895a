import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ANALYTICS_DAYS, useAdminAnalytics } from '../api/analytics';
import { BarChart } from './bar-chart';
import { Loading } from './reports-tab';

/** Analytics: sign-ups, matches and messages per day, as charts with their data tables. */
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
        <div className="grid gap-4 lg:grid-cols-3">
          <BarChart
            title="Sign-ups"
            unit="sign-ups"
            barClassName="fill-brand-600"
            data={analytics.data.map((d) => ({ day: d.day, value: d.signUps }))}
          />
          <BarChart
            title="Matches"
            unit="matches"
            barClassName="fill-accent-600"
            data={analytics.data.map((d) => ({ day: d.day, value: d.matches }))}
          />
          <BarChart
            title="Messages"
            unit="messages"
            barClassName="fill-gold-700"
            data={analytics.data.map((d) => ({ day: d.day, value: d.messages }))}
          />
        </div>
      )}
    </section>
  );
}
