import { forgetPendingPurchase, openPaymentPage, readPendingPurchase, rememberPurchase } from './payment-page';

describe('openPaymentPage', () => {
  it('opens a new tab and cuts its opener (noopener)', () => {
    const tab = { opener: window } as unknown as Window;
    const win = { open: vi.fn(() => tab), location: { assign: vi.fn() } };
    expect(openPaymentPage('/api/payments/local/checkout/s1', win)).toBe('tab');
    expect(win.open).toHaveBeenCalledWith('/api/payments/local/checkout/s1', '_blank');
    expect(tab.opener).toBeNull();
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('navigates the same tab when the popup is blocked', () => {
    const win = { open: vi.fn(() => null), location: { assign: vi.fn() } };
    expect(openPaymentPage('https://checkout.example/s2', win)).toBe('same-tab');
    expect(win.location.assign).toHaveBeenCalledWith('https://checkout.example/s2');
  });
});

describe('pending purchase', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the same until forgotten', () => {
    rememberPurchase({ kind: 'product', id: 'profile_boost' });
    expect(readPendingPurchase()).toEqual({ kind: 'product', id: 'profile_boost' });
    expect(readPendingPurchase()).toEqual({ kind: 'product', id: 'profile_boost' });
    forgetPendingPurchase();
    expect(readPendingPurchase()).toBeNull();
  });

  it('is forgotten after a day, and ignores what it does not know', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    rememberPurchase({ kind: 'plan', id: 'yearly' });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    expect(readPendingPurchase()).toBeNull();
    localStorage.setItem('nestmate.pending-purchase', JSON.stringify({ kind: 'plan', id: 'weekly', at: Date.now() }));
    expect(readPendingPurchase()).toBeNull();
  });
});
