/**
 * Boosts (000 §3, §4, §7 get_boost_status, start_boost; D17): 30 minutes; Gold gets one per
 * calendar month (UTC), not carried over; purchased ones add up. The rules, then the use cases.
 */
import { ENTITLEMENTS, type Plan, planOf } from '../billing/entitlements';
import type { DiscoveryDeps } from '../matching/ports';
import { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';

export const BOOST_MS = 30 * 60 * 1000;

export type BoostState = {
  activeUntil: Date | null;
  monthlyUsedThisMonth: number;
  purchasedBalance: number;
};

export const BOOST_MESSAGES = {
  title: 'Boost Failed',
  active: 'Your profile is already boosted.',
  none: 'Unable to start boost. Please try again',
  noneLeft: 'You have no boosts left. Gold includes one boost a month, or buy a Profile Boost.',
} as const;

export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export function boostStatus(state: BoostState, plan: Plan, now: Date) {
  const active = state.activeUntil !== null && state.activeUntil.getTime() > now.getTime();
  const monthly = Math.max(0, ENTITLEMENTS[plan].monthlyBoosts - state.monthlyUsedThisMonth);
  return {
    hasActiveBoost: active,
    boostEndTime: active ? state.activeUntil : null,
    monthlyBoostsRemaining: monthly,
    purchasedBoostsRemaining: state.purchasedBalance,
    totalBoostsRemaining: monthly + state.purchasedBalance,
  };
}

export function decideBoost(
  state: BoostState,
  plan: Plan,
  now: Date,
): Result<{ source: 'monthly' | 'purchased'; endsAt: Date }, DomainError> {
  const status = boostStatus(state, plan, now);
  if (status.hasActiveBoost)
    return err(new DomainError('BOOST.ACTIVE', BOOST_MESSAGES.active, undefined, BOOST_MESSAGES.title));
  const endsAt = new Date(now.getTime() + BOOST_MS);
  if (status.monthlyBoostsRemaining > 0) return ok({ source: 'monthly', endsAt });
  if (status.purchasedBoostsRemaining > 0) return ok({ source: 'purchased', endsAt });
  return err(new DomainError('BOOST.NONE_LEFT', BOOST_MESSAGES.noneLeft, undefined, BOOST_MESSAGES.title));
}

export async function getBoostStatus(deps: Pick<DiscoveryDeps, 'clock' | 'boosts' | 'subscriptions'>, userId: string) {
  const now = deps.clock.now();
  const plan = planOf(await deps.subscriptions.get(userId), now);
  return boostStatus(await deps.boosts.state(userId, now, monthStart(now)), plan, now);
}

export async function startBoost(
  deps: Pick<DiscoveryDeps, 'clock' | 'ids' | 'boosts' | 'subscriptions'>,
  userId: string,
): Promise<Result<{ endsAt: Date }, DomainError>> {
  const now = deps.clock.now();
  const plan = planOf(await deps.subscriptions.get(userId), now);
  return deps.boosts.start(userId, now, monthStart(now), deps.ids.newId(), (state) => decideBoost(state, plan, now));
}
