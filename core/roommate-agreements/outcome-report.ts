/**
 * Loads every "How's living together?" answer and scores it with today's compatibility against
 * the other parties of its agreement (N149, N160): what `nestmate compatibility evaluate` and the
 * admin analytics both read.
 */
import type { MatchPerson } from '../matching/compatibility';
import type { DiscoveryRepository } from '../matching/ports';
import { type FactoredOutcome, scoreOutcome } from './evaluate';
import type { RoommateAgreementRepository } from './ports';

/** The scored answers, and how many could not be scored (no profile on either side). */
export async function scoredOutcomes(deps: {
  outcomes: Pick<RoommateAgreementRepository, 'allOutcomes'>;
  people: Pick<DiscoveryRepository, 'viewer'>;
}): Promise<{ rows: FactoredOutcome[]; unscored: number }> {
  const answers = await deps.outcomes.allOutcomes();
  const people = new Map<string, Promise<MatchPerson | null>>();
  const person = (id: string) => {
    if (!people.has(id))
      people.set(
        id,
        deps.people.viewer(id).then((v) => v?.person ?? null),
      );
    return people.get(id) as Promise<MatchPerson | null>;
  };
  const rows: FactoredOutcome[] = [];
  for (const a of answers) {
    const me = await person(a.userId);
    if (!me) continue;
    const others: MatchPerson[] = [];
    for (const id of a.parties.filter((p) => p !== a.userId)) {
      const them = await person(id);
      if (them) others.push(them);
    }
    const scored = scoreOutcome(me, others);
    if (scored) rows.push({ ...scored, rating: a.rating, didNotMoveIn: a.didNotMoveIn });
  }
  return { rows, unscored: answers.length - rows.length };
}
