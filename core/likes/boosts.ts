/** Boost status and start (000 §3, §4, §7 start_boost; D17). */
import { planOf } from '../billing/entitlements';
import type { DiscoveryDeps } from '../matching/ports';
import type { DomainError } from '../shared/errors';
import type { Result } from '../shared/result';
import { boostStatus, decideBoost, monthStart } from './boost';

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
