/**
 * "Gold ends in 3 days" (issue 19, N125) with a fixed clock, on SQLite and PostgreSQL (PGlite): a
 * Gold subscription that will not renew tells its owner once, three days before its end; a
 * renewing one, an ended one and a second run tell nobody.
 */
import { runEndingNotices } from '../../core/notifications/subscription-ending';
import { DAY, HOUR } from '../../core/shared/clock';
import { signedInStudent } from '../support/students';
import { appsOn, type makeTestApp, TEST_ENGINES } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

describe.each(TEST_ENGINES)('Gold ends in 3 days on %s (issue 19)', (_engine, database) => {
  const app = appsOn(database);
  const gold = async (t: App, userId: string, endsIn: number, cancelled: boolean) =>
    t.db.subscriptions.set(
      userId,
      { isPremium: true, tier: 'gold', subscriptionEnd: new Date(t.clock.now().getTime() + endsIn), cancelled },
      t.clock.now(),
    );

  it('tells the owner of a cancelled Gold once, three days ahead, and nobody else', async () => {
    const t = app();
    {
      const [ending, renewing, later] = [
        await signedInStudent(t, 'ana@ucla.edu'),
        await signedInStudent(t, 'ben@ucla.edu'),
        await signedInStudent(t, 'cy@ucla.edu'),
      ];
      await gold(t, ending.id, 2 * DAY, true);
      await gold(t, renewing.id, 2 * DAY, false);
      await gold(t, later.id, 5 * DAY, true);
      // Two processes run the job at once, then it runs again: one notice.
      const runs = await Promise.all([runEndingNotices(t.endingNoticeDeps), runEndingNotices(t.endingNoticeDeps)]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
      expect((await runEndingNotices(t.endingNoticeDeps)).sent).toBe(0);

      const bell = (await ending.c.get('/api/notifications')).json.items as { kind: string; title: string }[];
      expect(bell).toEqual([expect.objectContaining({ kind: 'subscription.ending', title: 'Gold ends in 3 days' })]);
      expect((await renewing.c.get('/api/notifications')).json.items).toEqual([]);
      expect((await later.c.get('/api/notifications')).json.items).toEqual([]);

      // Two days on, the later one's turn comes; the first is not told again.
      t.clock.advance(2 * DAY + HOUR);
      expect((await runEndingNotices(t.endingNoticeDeps)).sent).toBe(1);
      expect((await t.db.notifications.list(later.id, { limit: 10 })).map((n) => n.kind)).toEqual([
        'subscription.ending',
      ]);
      expect((await t.db.notifications.list(ending.id, { limit: 10 })).length).toBe(1);
    }
  });
});
