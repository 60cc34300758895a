import { describe, expect, it } from 'vitest';
import type { ContentFlagInput, ConversationRepository } from '../messaging/ports';
import { fixedClock } from '../shared/clock';
import type { Agreement, Expense, Terms } from './model';
import type { StoredOutcome } from './outcomes';
import type { NewAgreement, RoommateAgreementDeps, RoommateAgreementRepository } from './ports';
import {
  acceptVersion,
  addExpense,
  getCosts,
  proposeVersion,
  recordSettlement,
  startAgreement,
} from './roommate-agreements';
import { checkTerms, costShares, prefillTerms } from './rules';

/** An in-memory twin of the repository with the same optimistic checks. */
function memoryRepo(): RoommateAgreementRepository {
  const rows = new Map<string, Agreement>();
  const expenses: Expense[] = [];
  const outcomes: StoredOutcome[] = [];
  const copy = (a: Agreement | undefined) => (a ? (structuredClone(a) as Agreement) : null);
  return {
    byConversation: async (c) => copy([...rows.values()].find((a) => a.conversationId === c)),
    byId: async (id) => copy(rows.get(id)),
    async create(input: NewAgreement) {
      const existing = [...rows.values()].find((a) => a.conversationId === input.conversationId);
      if (existing) return { agreement: copy(existing) as Agreement, created: false };
      rows.set(input.id, {
        id: input.id,
        conversationId: input.conversationId,
        createdBy: input.createdBy,
        currentVersion: 1,
        acceptedVersion: null,
        acceptedAt: null,
        createdAt: input.at,
        updatedAt: input.at,
        versions: [
          {
            version: 1,
            terms: input.terms,
            parties: input.parties,
            proposedBy: input.createdBy,
            createdAt: input.at,
            acceptances: [],
          },
        ],
      });
      return { agreement: copy(rows.get(input.id)) as Agreement, created: true };
    },
    async propose(input) {
      const a = rows.get(input.agreementId);
      if (!a || a.currentVersion !== input.baseVersion) return false;
      a.currentVersion += 1;
      a.versions.push({
        version: a.currentVersion,
        terms: input.terms,
        parties: input.parties,
        proposedBy: input.proposedBy,
        createdAt: input.at,
        acceptances: [],
      });
      return true;
    },
    async accept(input) {
      const a = rows.get(input.agreementId);
      if (!a || a.currentVersion !== input.version) return 'stale';
      const v = a.versions.find((x) => x.version === input.version);
      if (!v) return 'stale';
      if (!v.acceptances.some((x) => x.userId === input.userId))
        v.acceptances.push({ userId: input.userId, acceptedAt: input.at });
      if (v.parties.every((p) => v.acceptances.some((x) => x.userId === p))) {
        a.acceptedVersion = v.version;
        a.acceptedAt = input.at;
      }
      return 'ok';
    },
    addExpense: async (e) => {
      expenses.push(e);
    },
    expenses: async (id) => expenses.filter((e) => e.agreementId === id),
    answeredCheckIns: async (id, userId) =>
      outcomes.filter((o) => o.agreementId === id && o.userId === userId).map((o) => o.checkpointDays),
    async addOutcome(o) {
      if (
        outcomes.some(
          (x) => x.agreementId === o.agreementId && x.userId === o.userId && x.checkpointDays === o.checkpointDays,
        )
      )
        return false;
      outcomes.push(o);
      return true;
    },
    allOutcomes: async () =>
      outcomes.map((o) => {
        const a = rows.get(o.agreementId);
        const accepted = a?.versions.find((v) => v.version === a.acceptedVersion);
        return { ...o, parties: accepted?.parties ?? [] };
      }),
    people: async (ids) => ids.map((userId) => ({ userId, name: userId.toUpperCase(), active: true })),
    preferences: async (ids) =>
      ids.map((userId, i) => ({
        userId,
        sleepSchedule: i === 0 ? 1 : 4,
        noiseLevel: 2,
        cleanliness: 4,
        guestPolicy: 2,
        smokingTolerance: i === 0 ? 'outside_only' : 'smoking_ok',
        pets: i === 0 ? 'allergic' : 'have_pets',
        cookingFrequency: 'often',
        minBudget: 800,
        maxBudget: 1000,
        moveInDate: i === 0 ? '2026-08-20' : '2026-09-01',
      })),
  };
}

function deps(): RoommateAgreementDeps & { flagged: ContentFlagInput[] } {
  let n = 0;
  const flagged: ContentFlagInput[] = [];
  const conversations = {
    participants: async (id: string) => (id === 'ana_ben' ? ['ana', 'ben'] : null),
    relationship: async () => ({ matched: true, blocked: false, otherActive: true }),
  } as unknown as ConversationRepository;
  return {
    clock: fixedClock('2026-07-01T12:00:00Z'),
    ids: { newId: () => `id-${++n}` },
    agreements: memoryRepo(),
    conversations,
    groupChats: { audience: async () => null },
    moderation: { classify: () => ({ flag: false, category: 'none', confidence: 0, evidence: [] }) },
    flags: { add: async (f) => void flagged.push(f), unflaggedMessages: async () => [] },
    flagged,
  };
}

const edit = (terms: Terms, change: Partial<Terms>): Terms => ({ ...terms, ...change });

describe('pre-fill from preferences (N142)', () => {
  it('takes the earliest sleeper, the strictest smoking rule, an allergy, budget midpoints and the latest move-in', () => {
    const d = deps();
    return d.agreements.preferences(['ana', 'ben']).then((prefs) => {
      const terms = prefillTerms(['ana', 'ben'], prefs);
      expect(terms.quietHours).toMatchObject({ from: '22:00', to: '07:00' });
      expect(terms.smoking).toBe('outside_only');
      expect(terms.pets).toMatch(/allergic/);
      expect(terms.guests.maxOvernightPerWeek).toBe(1);
      expect(terms.rent.monthlyCents).toBe(180_000);
      expect(terms.moveInDate).toBe('2026-09-01');
      expect(terms.cleaning[0]?.who).toEqual(['ana', 'ben']);
      expect(checkTerms(terms, ['ana', 'ben']).ok).toBe(true);
    });
  });
});

describe('checkTerms', () => {
  const base = prefillTerms(['ana', 'ben'], []);
  it('refuses custom percentages that do not add up to 100%, unknown people and bad amounts', () => {
    const r = checkTerms(
      edit(base, {
        rent: {
          monthlyCents: 150_000,
          split: {
            method: 'custom',
            weights: [
              { userId: 'ana', weight: 6000 },
              { userId: 'ben', weight: 3000 },
            ],
          },
        },
        depositCents: -1,
        cleaning: [{ task: 'Bathroom', who: ['zed'], frequency: 'weekly' }],
        quietHours: { from: '25:00', to: '07:00', notes: '' },
      }),
      ['ana', 'ben'],
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((e) => e.path).sort()).toEqual([
        'cleaning.0.who',
        'depositCents',
        'quietHours.from',
        'rent.split',
      ]);
  });

  it('sanitises text and keeps a valid room-size split in party order', () => {
    const r = checkTerms(
      edit(base, {
        kitchen: 'Clean up <b>the</b> same day',
        rent: {
          monthlyCents: 100_000,
          split: {
            method: 'room_size',
            weights: [
              { userId: 'ben', weight: 100 },
              { userId: 'ana', weight: 150 },
            ],
          },
        },
      }),
      ['ana', 'ben'],
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.terms.kitchen).toBe('Clean up the same day');
      expect(r.terms.rent.split.weights.map((w) => w.userId)).toEqual(['ana', 'ben']);
      expect(costShares(r.terms, ['ana', 'ben']).map((s) => s.rentCents)).toEqual([60_000, 40_000]);
    }
  });
});

describe('versions and acceptance (N141)', () => {
  it('keeps every version, needs everyone, locks the accepted one, and a change needs everyone again', async () => {
    const d = deps();
    const started = await startAgreement(d, 'ana', 'ana_ben');
    if (!started.ok) throw new Error(started.error.code);
    expect(started.value.created).toBe(true);
    const again = await startAgreement(d, 'ben', 'ana_ben');
    expect(again.ok && again.value.created).toBe(false);
    const v1 = started.value.agreement.versions[0]?.terms as Terms;

    const proposed = await proposeVersion(d, 'ben', 'ana_ben', {
      baseVersion: 1,
      terms: edit(v1, { temperature: '70°F' }),
    });
    expect(proposed.ok && proposed.value.agreement.currentVersion).toBe(2);
    // Ana still looks at version 1: her proposal and her acceptance of it are stale.
    const stale = await proposeVersion(d, 'ana', 'ana_ben', {
      baseVersion: 1,
      terms: edit(v1, { temperature: '72°F' }),
    });
    expect(!stale.ok && stale.error.code).toBe('ROOMMATE_AGREEMENTS.STALE_VERSION');
    const staleAccept = await acceptVersion(d, 'ana', 'ana_ben', 1);
    expect(!staleAccept.ok && staleAccept.error.code).toBe('ROOMMATE_AGREEMENTS.STALE_VERSION');

    const half = await acceptVersion(d, 'ana', 'ana_ben', 2);
    expect(half.ok && half.value.agreement.acceptedVersion).toBe(null);
    const costsEarly = await getCosts(d, 'ana', 'ana_ben');
    expect(!costsEarly.ok && costsEarly.error.code).toBe('ROOMMATE_AGREEMENTS.NOT_ACCEPTED');
    const full = await acceptVersion(d, 'ben', 'ana_ben', 2);
    expect(full.ok && full.value.agreement.acceptedVersion).toBe(2);

    // A change after acceptance: version 3 waits for both; version 2 stays the accepted (locked) one.
    const v2 = full.ok ? (full.value.agreement.versions[1]?.terms as Terms) : v1;
    const changed = await proposeVersion(d, 'ana', 'ana_ben', {
      baseVersion: 2,
      terms: edit(v2, { pets: 'No pets.' }),
    });
    if (!changed.ok) throw new Error(changed.error.code);
    expect(changed.value.agreement.acceptedVersion).toBe(2);
    expect(changed.value.agreement.versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(changed.value.agreement.versions[1]?.terms.temperature).toBe('70°F');
    const unchanged = await proposeVersion(d, 'ben', 'ana_ben', {
      baseVersion: 3,
      terms: edit(v2, { pets: 'No pets.' }),
    });
    expect(!unchanged.ok && unchanged.error.code).toBe('ROOMMATE_AGREEMENTS.UNCHANGED');
    await acceptVersion(d, 'ana', 'ana_ben', 3);
    const both = await acceptVersion(d, 'ben', 'ana_ben', 3);
    expect(both.ok && both.value.agreement.acceptedVersion).toBe(3);
  });

  it('refuses people outside the conversation as if it did not exist', async () => {
    const d = deps();
    const started = await startAgreement(d, 'ana', 'ana_ben');
    if (!started.ok) throw new Error('start');
    const r = await acceptVersion(d, 'zed', 'ana_ben', 1);
    expect(!r.ok && r.error.code).toBe('ROOMMATE_AGREEMENTS.NOT_FOUND');
    expect((await startAgreement(d, 'zed', 'ana_ben')).ok).toBe(false);
  });
});

describe('shared costs', () => {
  it('splits by the accepted version and settles the ledger', async () => {
    const d = deps();
    const started = await startAgreement(d, 'ana', 'ana_ben');
    if (!started.ok) throw new Error('start');
    await acceptVersion(d, 'ana', 'ana_ben', 1);
    await acceptVersion(d, 'ben', 'ana_ben', 1);
    const bad = await addExpense(d, 'ana', 'ana_ben', { description: '', amountCents: 0, forUserIds: ['zed'] });
    expect(!bad.ok && bad.error.fields?.map((f) => f.path)).toEqual(['description', 'amountCents', 'forUserIds']);
    expect(
      (
        await addExpense(d, 'ana', 'ana_ben', {
          description: 'Groceries',
          amountCents: 6001,
          forUserIds: ['ana', 'ben'],
        })
      ).ok,
    ).toBe(true);
    const costs = await getCosts(d, 'ben', 'ana_ben');
    if (!costs.ok) throw new Error(costs.error.code);
    expect(costs.value.shares.map((s) => s.rentCents)).toEqual([90_000, 90_000]);
    expect(costs.value.shares[0]?.annualCents).toBe((costs.value.shares[0]?.monthlyCents ?? 0) * 12);
    expect(costs.value.transfers).toEqual([{ from: 'ben', to: 'ana', amountCents: 3000 }]);
    const self = await recordSettlement(d, 'ben', 'ana_ben', { toUserId: 'ben', amountCents: 3000 });
    expect(!self.ok && self.error.code).toBe('VALIDATION');
    await recordSettlement(d, 'ben', 'ana_ben', { toUserId: 'ana', amountCents: 3000 });
    const after = await getCosts(d, 'ana', 'ana_ben');
    expect(after.ok && after.value.transfers).toEqual([]);
    expect(after.ok && after.value.balances.map((b) => b.cents)).toEqual([0, 0]);
  });
});
