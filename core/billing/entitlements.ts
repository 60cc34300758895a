/**
 * What each plan may do (000 §1, §9; 001 §1, §9; D14, D16, D17). One table, read by discovery,
 * likes, filters, calls and the client, so a perk is defined once.
 */
export type Plan = 'free' | 'gold';

export type Entitlements = {
  /** Likes per rolling 24 hours; null is unlimited (D14). */
  dailyLikes: number | null;
  dailySuperLikes: number;
  monthlyBoosts: number;
  defaultRadius: number;
  maxRadius: number;
  advancedFilters: boolean;
  seeWhoLikedYou: boolean;
  calls: boolean;
};

export const ENTITLEMENTS: Record<Plan, Entitlements> = {
  free: {
    dailyLikes: 50,
    dailySuperLikes: 1,
    monthlyBoosts: 0,
    defaultRadius: 20,
    maxRadius: 25,
    advancedFilters: false,
    seeWhoLikedYou: false,
    calls: false,
  },
  gold: {
    dailyLikes: null,
    dailySuperLikes: 5,
    monthlyBoosts: 1,
    defaultRadius: 30,
    maxRadius: 50,
    advancedFilters: true,
    seeWhoLikedYou: true,
    calls: true,
  },
};

export const RADIUS_MIN = 10;
export const RADIUS_STEP = 5;

export type Subscription = {
  isPremium: boolean;
  tier: string | null;
  subscriptionEnd: Date | null;
  cancelled: boolean;
};

/** 000 §4: premium when the flag is set and the subscription has not ended. */
export function isPremium(sub: Subscription | null, now: Date): boolean {
  if (!sub?.isPremium) return false;
  return sub.subscriptionEnd === null || sub.subscriptionEnd.getTime() >= now.getTime();
}

export const planOf = (sub: Subscription | null, now: Date): Plan => (isPremium(sub, now) ? 'gold' : 'free');

/** The premium status entity of 000 §3 with its derived fields. */
export function premiumStatus(sub: Subscription | null, now: Date) {
  const end = sub?.subscriptionEnd ?? null;
  const isExpired = end !== null && end.getTime() < now.getTime();
  return {
    isPremium: isPremium(sub, now),
    subscriptionTier: sub?.tier ?? null,
    subscriptionEnd: end,
    isExpired,
    daysUntilExpiry: end && !isExpired ? Math.ceil((end.getTime() - now.getTime()) / 86_400_000) : null,
    subscriptionCancelled: sub?.cancelled ?? false,
  };
}

/** 000 §4: when the plan changes the radius is capped at the new plan's default. */
export function clampRadius(requested: number | null | undefined, plan: Plan): number {
  const e = ENTITLEMENTS[plan];
  if (requested === null || requested === undefined) return e.defaultRadius;
  return Math.min(Math.max(requested, RADIUS_MIN), e.maxRadius);
}
