import { act, screen } from '@testing-library/react';
import { rememberPurchase } from '../../features/billing/api/payment-page';
import { premiumKeys } from '../../features/premium/api/get-premium-status';
import { seedSubscription } from '../../test/billing-handlers';
import { db, seedSignedInUser } from '../../test/db';
import { renderApp, skipCookieBanner } from '../../test/render-app';
import { server } from '../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const realSetTimeout = globalThis.setTimeout;

/**
 * Waits (in real time, for requests and lazy modules) until `check` passes, moving the fake clock
 * by `step` ms each round: 0 while the page loads, so the 2 s only start counting at the page.
 */
async function advanceUntil(check: () => void, step = 50, rounds = 200) {
  for (let round = 0; ; round++) {
    try {
      check();
      return;
    } catch (error) {
      if (round >= rounds) throw error;
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    });
  }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('/success', () => {
  let statusChecks = 0;
  const countChecks = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === '/api/premium/status') statusChecks++;
  };

  beforeEach(() => {
    skipCookieBanner();
    statusChecks = 0;
    server.events.on('request:start', countChecks);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    server.events.removeListener('request:start', countChecks);
    vi.useRealTimers();
  });

  it('processes for 2 s, then checks the subscription and shows Gold with its perks', async () => {
    const me = seedSignedInUser();
    rememberPurchase({ kind: 'plan', id: 'monthly' });
    const { queryClient } = renderApp('/success?session_id=sess-9');
    // A stale boost count from before the purchase must be refreshed by the check.
    queryClient.setQueryData(premiumKeys.boost, {
      hasActiveBoost: false,
      boostEndTime: null,
      monthlyBoostsRemaining: 0,
      purchasedBoostsRemaining: 0,
      totalBoostsRemaining: 0,
    });
    await advanceUntil(() => expect(screen.getByText('Confirming your payment…')).toBeInTheDocument(), 0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Processing your payment');
    // The payment completes on the server meanwhile.
    seedSubscription(me.id, { tier: 'gold_monthly', subscriptionEnd: '2026-12-22T10:00:00.000Z' });

    await advance(1500);
    expect(screen.getByText('Confirming your payment…')).toBeInTheDocument();
    expect(statusChecks).toBe(0);

    await advanceUntil(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Gold!'));
    expect(statusChecks).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: "You're on Gold Monthly" })).toBeInTheDocument();
    expect(screen.getByText('Renews on December 22, 2026.')).toBeInTheDocument();
    expect(screen.getByText('See Who Liked You')).toBeInTheDocument();
    expect(screen.getAllByText('(active)').length).toBeGreaterThan(0);
    expect(queryClient.getQueryState(premiumKeys.boost)?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Nestmate' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'See who liked you' })).toHaveAttribute('href', '/?tab=liked-you');
  });

  it('a one-time boost: what was added and the balance after the check', async () => {
    const me = seedSignedInUser();
    rememberPurchase({ kind: 'product', id: 'profile_boost' });
    // Fulfilled on the server: one purchased boost.
    db.boost.create({ userId: me.id, activeUntil: null, left: 1 });
    renderApp('/success?session_id=sess-3');
    await advanceUntil(() => expect(screen.getByText('Confirming your payment…')).toBeInTheDocument(), 0);
    await advanceUntil(() => expect(screen.getByRole('heading', { name: 'Profile Boost added' })).toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment successful');
    await advanceUntil(() => expect(screen.getByText('You have 1 boost ready to use.')).toBeInTheDocument());
    // A free buyer of a boost is not shown Gold.
    expect(screen.queryByText(/Welcome to Gold/)).not.toBeInTheDocument();
    expect(screen.queryByText('(active)')).not.toBeInTheDocument();
  });
});
