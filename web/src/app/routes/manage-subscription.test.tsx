import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { paymentCalls, seedSubscription } from '../../test/billing-handlers';
import { seedSignedInUser } from '../../test/db';
import { renderApp, skipCookieBanner } from '../../test/render-app';
import { server } from '../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const plan = () => screen.findByRole('region', { name: /Gold Monthly|Gold Yearly|Free plan/ });

describe('/manage-subscription', () => {
  beforeEach(() => {
    skipCookieBanner();
    toast.dismiss();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a loading state while the status loads', async () => {
    seedSignedInUser();
    server.use(
      http.get('/api/premium/status', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/manage-subscription');
    expect(await screen.findByText('Loading your subscription…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Gold|Free plan/ })).not.toBeInTheDocument();
  });

  it('active: plan, price, next billing date, Gold prices and the portal in a new tab', async () => {
    const me = seedSignedInUser();
    seedSubscription(me.id, { tier: 'gold_yearly', subscriptionEnd: '2027-03-05T12:00:00.000Z' });
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
    const { user } = renderApp('/manage-subscription');
    const card = await plan();
    expect(within(card).getByRole('heading', { name: 'Gold Yearly' })).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('$89.99 / year')).toBeInTheDocument();
    expect(within(card).getByText('Next billing date')).toBeInTheDocument();
    expect(within(card).getByText('March 5, 2027')).toBeInTheDocument();
    expect(screen.queryByText(/is cancelled/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade to Gold/ })).not.toBeInTheDocument();
    // Member prices from the catalogue (D23).
    expect(await screen.findByRole('button', { name: 'Buy 5 Super Likes for $2.99' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 15 Super Likes for $6.99' })).toBeInTheDocument();
    const boost = within(screen.getByRole('button', { name: 'Buy Profile Boost for $1.99' }).closest('li')!);
    expect(boost.getByText('$1.99')).toBeInTheDocument();
    expect(boost.getByText('Gold price')).toBeInTheDocument();
    expect(boost.getByText('$2.99').tagName).toBe('S');

    await user.click(within(card).getByRole('button', { name: 'Manage billing / Cancel subscription' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/payments/local/portal', '_blank'));
    expect(paymentCalls()).toEqual([{ endpoint: 'portal', body: null }]);
  });

  it('cancelled: the notice with the end date', async () => {
    const me = seedSignedInUser();
    seedSubscription(me.id, { cancelled: true, subscriptionEnd: '2026-12-22T10:00:00.000Z' });
    renderApp('/manage-subscription');
    const card = await plan();
    expect(within(card).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card).getByText('Your Gold plan is cancelled and ends on December 22, 2026.')).toBeInTheDocument();
    expect(within(card).getByText('Gold ends on')).toBeInTheDocument();
    expect(within(card).queryByText('Next billing date')).not.toBeInTheDocument();
  });

  it('free: the free plan, Gold perks locked, an Upgrade to Gold button and list prices', async () => {
    seedSignedInUser();
    renderApp('/manage-subscription');
    const card = await plan();
    expect(within(card).getByRole('heading', { name: 'Free plan' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Upgrade to Gold' })).toHaveAttribute('href', '/upgrade');
    expect(within(card).queryByText('(active)')).not.toBeInTheDocument();
    expect(within(card).getAllByText('(Gold only)')).toHaveLength(7);
    expect(within(card).queryByRole('button', { name: /Manage billing/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy 5 Super Likes for $4.99' })).toBeInTheDocument();
  });

  it('a one-time purchase posts {productId}; a failure is "Failed to start purchase"', async () => {
    seedSignedInUser();
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
    const { user } = renderApp('/manage-subscription');
    await user.click(await screen.findByRole('button', { name: 'Buy 15 Super Likes for $11.99' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(paymentCalls()).toEqual([{ endpoint: 'payment', body: { productId: '15_super_likes' } }]);

    server.use(http.post('/api/payments/payment', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Buy Profile Boost for $2.99' }));
    expect(await screen.findByText('Failed to start purchase. Please try again.')).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('portal 409 (Gold without a subscription to manage): "Failed to open customer portal"', async () => {
    const me = seedSignedInUser();
    seedSubscription(me.id, { hasProvider: false });
    const open = vi.spyOn(window, 'open');
    const { user } = renderApp('/manage-subscription');
    await user.click(await screen.findByRole('button', { name: 'Manage billing / Cancel subscription' }));
    expect(await screen.findByText('Failed to open customer portal. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('You do not have a Gold subscription to manage yet.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('has a back button to Settings', async () => {
    seedSignedInUser();
    renderApp('/manage-subscription');
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});
