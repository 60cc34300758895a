import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { paymentCalls, seedSubscription } from '../../test/billing-handlers';
import { seedSignedInUser } from '../../test/db';
import { problemOf } from '../../test/discovery-handlers';
import { renderApp, skipCookieBanner } from '../../test/render-app';
import { server } from '../../test/server';

vi.setConfig({ testTimeout: 20_000 });

/** window.open as a browser with popups allowed: a tab whose opener the page can clear. */
function stubOpen(result: 'tab' | 'blocked' = 'tab') {
  const tab = { opener: window } as unknown as Window;
  return vi.spyOn(window, 'open').mockImplementation(() => (result === 'tab' ? tab : null));
}

describe('/upgrade', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the plans and one-time prices from the catalogue, with the Gold perks', async () => {
    seedSignedInUser();
    // A catalogue that differs from the built-in constants proves the prices are not hard-coded.
    server.use(
      http.get('/api/payments/catalog', () =>
        HttpResponse.json({
          isGold: false,
          plans: [
            { id: 'monthly', name: 'Gold Monthly', priceCents: 1599, note: 'Billed monthly' },
            { id: 'yearly', name: 'Gold Yearly', priceCents: 8999, note: 'About $7.50 a month · Save 50%' },
          ],
          products: [
            {
              id: '5_super_likes',
              name: '5 Super Likes',
              listCents: 499,
              memberCents: 299,
              yourPriceCents: 499,
              note: '',
            },
            {
              id: '15_super_likes',
              name: '15 Super Likes',
              listCents: 1199,
              memberCents: 699,
              yourPriceCents: 1199,
              note: 'Save 20%',
            },
            {
              id: 'profile_boost',
              name: 'Profile Boost',
              listCents: 299,
              memberCents: 199,
              yourPriceCents: 349,
              note: '30 minutes at the top',
            },
          ],
        }),
      ),
    );
    renderApp('/upgrade');
    const monthly = await screen.findByRole('radio', { name: /Gold Monthly/ });
    expect(monthly).toBeChecked();
    expect(monthly.closest('label')).toHaveTextContent('$15.99/ month');
    const yearly = screen.getByRole('radio', { name: /Gold Yearly/ });
    expect(yearly.closest('label')).toHaveTextContent('$89.99/ year');
    expect(yearly.closest('label')).toHaveTextContent('About $7.50 a month');
    expect(within(yearly.closest('label')!).getByText('Save 50%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 5 Super Likes for $4.99' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 15 Super Likes for $11.99' })).toBeInTheDocument();
    const boost = screen.getByRole('button', { name: 'Buy Profile Boost for $3.49' });
    expect(within(boost.closest('li')!).getByText('$3.49')).toBeInTheDocument();
    const perks = screen.getByRole('list', { name: 'Nestmate Gold' });
    for (const perk of ['See Who Liked You', '5 Super Likes Daily', 'Monthly Boost', 'Advanced Filters', 'Ad-free']) {
      expect(within(perks).getByText(perk)).toBeInTheDocument();
    }
    // Offered, not active: a free user never sees Gold perks marked as theirs.
    expect(within(perks).queryByText('(active)')).not.toBeInTheDocument();
  });

  it('choosing yearly posts {priceType: "yearly"} and opens the checkout in a new tab', async () => {
    const me = seedSignedInUser();
    const open = stubOpen();
    const { user } = renderApp('/upgrade');
    await user.click(await screen.findByRole('radio', { name: /Gold Yearly/ }));
    const cta = screen.getByRole('button', { name: /Get Gold Yearly · \$89\.99/ });
    await user.click(cta);
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/payments/local/checkout/sess-1', '_blank'));
    expect(paymentCalls()).toEqual([{ endpoint: 'checkout', body: { priceType: 'yearly' } }]);
    expect(open.mock.results[0]?.value.opener).toBeNull();
    expect(await screen.findByText('Checkout opened in a new tab')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('nestmate.pending-purchase') ?? '{}')).toMatchObject({
      kind: 'plan',
      id: 'yearly',
    });

    // Paid in the other tab: its /success takes the pending purchase; here the notice goes and the
    // page refreshes to the Gold state (issue 17).
    seedSubscription(me.id, { tier: 'gold_yearly' });
    localStorage.removeItem('nestmate.pending-purchase');
    window.dispatchEvent(new StorageEvent('storage', { key: 'nestmate.pending-purchase', newValue: null }));
    expect(await screen.findByRole('heading', { name: "You're a Gold member" })).toBeInTheDocument();
    expect(screen.queryByText('Checkout opened in a new tab')).not.toBeInTheDocument();
  });

  it('a one-time purchase posts {productId} and opens the payment page', async () => {
    seedSignedInUser();
    const open = stubOpen();
    const { user } = renderApp('/upgrade');
    await user.click(await screen.findByRole('button', { name: 'Buy Profile Boost for $2.99' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(paymentCalls()).toEqual([{ endpoint: 'payment', body: { productId: 'profile_boost' } }]);
  });

  it('"Failed to start checkout" when the checkout cannot start', async () => {
    seedSignedInUser();
    const open = stubOpen();
    server.use(http.post('/api/payments/checkout', () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderApp('/upgrade');
    await user.click(await screen.findByRole('button', { name: /Get Gold Monthly/ }));
    expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Get Gold Monthly/ })).toBeEnabled();
  });

  it('"Failed to start payment" with the server\'s reason when a purchase cannot start', async () => {
    seedSignedInUser();
    const open = stubOpen();
    server.use(
      http.post('/api/payments/payment', () =>
        problemOf(409, 'PAYMENTS.CHECKOUT_CLOSED', 'Conflict', 'Payments are paused for maintenance.'),
      ),
    );
    const { user } = renderApp('/upgrade');
    await user.click(await screen.findByRole('button', { name: 'Buy 5 Super Likes for $4.99' }));
    expect(await screen.findByText('Failed to start payment. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Payments are paused for maintenance.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('says payments are not available when the deployment takes none (503, issue 14)', async () => {
    seedSignedInUser();
    const open = stubOpen();
    server.use(
      http.post('/api/payments/checkout', () =>
        problemOf(503, 'PAYMENTS.UNAVAILABLE', 'Service unavailable', 'Payments are not available right now.'),
      ),
    );
    const { user } = renderApp('/upgrade');
    await user.click(await screen.findByRole('button', { name: /Get Gold Monthly/ }));
    expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Payments are not available right now.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('?canceled=1 shows a gentle note', async () => {
    seedSignedInUser();
    renderApp('/upgrade?canceled=1');
    expect(await screen.findByText('Checkout canceled')).toBeInTheDocument();
    expect(screen.getByText(/No charge was made/)).toBeInTheDocument();
  });

  it('Gold members see member prices and no plan picker or promo', async () => {
    const me = seedSignedInUser();
    seedSubscription(me.id);
    renderApp('/upgrade');
    expect(await screen.findByRole('heading', { name: "You're a Gold member" })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Nestmate Gold' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Profile Boost for $1.99' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/manage-subscription');
  });

  it('has a back button', async () => {
    seedSignedInUser();
    renderApp('/upgrade');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });
});
