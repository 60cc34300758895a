/**
 * The one catalogue (D23): Gold plans and one-time products with both price lists. The upgrade
 * screen's prices are list prices; Gold members pay the member prices. Prices are in cents and
 * never come from the client.
 */
export type PlanId = 'monthly' | 'yearly';
export type ProductId = '5_super_likes' | '15_super_likes' | 'profile_boost';

export const PLANS: Record<PlanId, { name: string; priceCents: number; months: number; note: string }> = {
  monthly: { name: 'Gold Monthly', priceCents: 1499, months: 1, note: 'Billed monthly' },
  yearly: { name: 'Gold Yearly', priceCents: 8999, months: 12, note: 'About $7.50 a month · Save 50%' },
};

export const PRODUCTS: Record<
  ProductId,
  { name: string; listCents: number; memberCents: number; grants: { superLikes: number; boosts: number }; note: string }
> = {
  '5_super_likes': {
    name: '5 Super Likes',
    listCents: 499,
    memberCents: 299,
    grants: { superLikes: 5, boosts: 0 },
    note: '',
  },
  '15_super_likes': {
    name: '15 Super Likes',
    listCents: 1199,
    memberCents: 699,
    grants: { superLikes: 15, boosts: 0 },
    note: 'Save 20%',
  },
  profile_boost: {
    name: 'Profile Boost',
    listCents: 299,
    memberCents: 199,
    grants: { superLikes: 0, boosts: 1 },
    note: '30 minutes at the top',
  },
};

export const isPlanId = (v: string): v is PlanId => v in PLANS;
export const isProductId = (v: string): v is ProductId => v in PRODUCTS;

/** What this buyer pays for a product right now (D23: by status at checkout time). */
export const productPrice = (id: ProductId, isGold: boolean) =>
  isGold ? PRODUCTS[id].memberCents : PRODUCTS[id].listCents;

export const formatUsd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The end of a paid period starting at `from`, in calendar months (UTC). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
