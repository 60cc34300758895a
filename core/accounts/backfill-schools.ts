/**
 * Accounts confirmed before the school was derived from the address (issue 16 §1, N59) get it now:
 * the same `schoolOfEmail` as at confirmation, stored by the same `markEmailConfirmed` (which keeps
 * the first confirmation's time). Unknown domains stay without a school. Safe to run again.
 */
import type { AccountDeps } from './ports';
import { schoolOfEmail } from './school';

const PAGE = 500;

export type BackfillReport = { checked: number; derived: { email: string; school: string }[] };

export async function backfillSchools(
  deps: Pick<AccountDeps, 'users' | 'schools' | 'clock'>,
  options: { dryRun: boolean },
): Promise<BackfillReport> {
  const table = deps.schools.schoolDomains();
  const report: BackfillReport = { checked: 0, derived: [] };
  let after = '';
  for (;;) {
    const page = await deps.users.confirmedWithoutSchool(after, PAGE);
    if (page.length === 0) return report;
    for (const user of page) {
      after = user.id;
      report.checked++;
      const school = schoolOfEmail(user.email, table);
      if (!school) continue;
      report.derived.push({ email: user.email, school });
      if (!options.dryRun) await deps.users.markEmailConfirmed(user.id, school, deps.clock.now());
    }
  }
}
