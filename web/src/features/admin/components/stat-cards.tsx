import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { AdminStats } from '../api/admin-keys';
import { useAdminStats } from '../api/stats';

const CARDS: ReadonlyArray<{ key: keyof AdminStats; label: string; hint: string }> = [
  { key: 'totalUsers', label: 'Total users', hint: 'All accounts' },
  { key: 'totalReports', label: 'Total reports', hint: 'User reports filed' },
  { key: 'pendingReports', label: 'Pending reports', hint: 'Waiting for review' },
  { key: 'pendingFlags', label: 'Content flags', hint: 'Pending moderation' },
  { key: 'pendingDataRequests', label: 'Data requests', hint: 'Pending export or deletion' },
];

const numberFormat = new Intl.NumberFormat('en-US');

/** The five stat cards of 001 §2, as a description list so each number keeps its label. */
export function StatCards() {
  const stats = useAdminStats();
  if (stats.isError) {
    return (
      <Alert variant="destructive" title="We couldn't load the counts">
        <Button variant="secondary" size="sm" className="mt-1" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="sr-only">
        Overview
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={stats.isPending || undefined}>
        {CARDS.map((card) => {
          const pending = card.key !== 'totalUsers' && card.key !== 'totalReports';
          const value = stats.data?.[card.key];
          return (
            <div
              key={card.key}
              className="flex flex-col gap-1 rounded-card border border-ink-200/70 bg-white p-4 shadow-card last:col-span-2 sm:last:col-span-1"
            >
              <dt className="text-sm font-semibold text-ink-700">{card.label}</dt>
              <dd className="order-first text-[1.75rem] leading-none font-extrabold tabular-nums text-ink-900">
                {value === undefined ? (
                  <>
                    <span aria-hidden="true" className="inline-block h-7 w-12 animate-pulse rounded bg-ink-100" />
                    <span className="sr-only">Loading</span>
                  </>
                ) : (
                  <span className={pending && value > 0 ? 'text-accent-700' : undefined}>
                    {numberFormat.format(value)}
                  </span>
                )}
              </dd>
              <dd className="text-xs text-ink-600">{card.hint}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
