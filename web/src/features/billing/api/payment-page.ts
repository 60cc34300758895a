import type { PlanId, ProductId } from '../../../../../core/billing/catalog';

/**
 * Opens a checkout or portal URL in a new tab (001 §7). The tab loses its `opener` at once, which
 * is what `noopener` does; `noopener` itself is not passed because with it window.open always
 * returns null, and a blocked popup could not be told apart. Blocked: the same tab goes instead.
 */
export function openPaymentPage(
  url: string,
  win: { open: Window['open']; location: Pick<Location, 'assign'> } = window,
): 'tab' | 'same-tab' {
  const tab = win.open(url, '_blank');
  if (tab) {
    tab.opener = null;
    return 'tab';
  }
  win.location.assign(url);
  return 'same-tab';
}

export type PendingPurchase = { kind: 'plan'; id: PlanId } | { kind: 'product'; id: ProductId };

const KEY = 'nestmate.pending-purchase';
// A checkout left open longer than this is not what /success is confirming.
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What the buyer chose, kept for /success in the new tab: the return URL only carries the
 * checkout's id, and the server has no call to read a checkout back.
 */
export function rememberPurchase(purchase: PendingPurchase) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...purchase, at: Date.now() }));
  } catch (error) {
    console.warn('Could not remember the purchase for /success', error);
  }
}

/**
 * Calls `onTaken` when /success in another tab takes the pending purchase (the payment went
 * through), so the tab that opened the checkout can drop its notice (issue 17). Returns the unsubscribe.
 */
export function onPurchaseTaken(onTaken: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === KEY && event.newValue === null) onTaken();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * The purchase /success confirms. Reading has no side effect, so a render React throws away (a
 * child suspending on its first mount) and retries reads the same; /success forgets it once shown.
 */
export function readPendingPurchase(): PendingPurchase | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingPurchase & { at?: number };
    if (typeof value.at !== 'number' || Date.now() - value.at > MAX_AGE_MS) return null;
    if (value.kind === 'plan' && (value.id === 'monthly' || value.id === 'yearly')) return value;
    if (value.kind === 'product' && ['5_super_likes', '15_super_likes', 'profile_boost'].includes(value.id)) {
      return { kind: 'product', id: value.id };
    }
    return null;
  } catch (error) {
    console.warn('Unreadable pending purchase', error);
    return null;
  }
}

/** /success has shown the purchase: a reload does not claim it again, and the opening tab hears it went through. */
export function forgetPendingPurchase() {
  try {
    localStorage.removeItem(KEY);
  } catch (error) {
    console.warn('Could not forget the pending purchase', error);
  }
}
