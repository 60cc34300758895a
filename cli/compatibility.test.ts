import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import type { Terms } from '../core/roommate-agreements/model';
import { prefillTerms } from '../core/roommate-agreements/rules';
import { EXIT, run } from './main';
import { cliHarness } from './test-harness';

describe('nestmate compatibility evaluate (issue 21, N149)', () => {
  const h = cliHarness('nestmate-compat-');
  const { out, env } = h;

  it('scores each answer with today’s compatibility and reports the rank correlation and bands', async () => {
    expect(await run(['seed', '--demo', '6', '--json'], env())).toBe(EXIT.ok);
    const ids = (JSON.parse(out.join('\n')).demoUsers as { email: string }[]).map((u) => u.email);
    const db = openDatabase(h.url, uuidIds);
    const users = await Promise.all(ids.map(async (e) => (await db.users.findByEmail(e))?.id as string));
    const at = new Date('2026-09-01T12:00:00Z');
    // Three households of two, each accepted, each answered by both.
    for (let i = 0; i < 3; i++) {
      const [a, b] = [users[2 * i], users[2 * i + 1]].sort() as [string, string];
      const chat = `${a}_${b}`;
      await db.conversations.ensure(chat, a, b, at);
      const terms: Terms = prefillTerms([a, b], []);
      const { agreement } = await db.roommateAgreements.create({
        id: `agreement-${i}`,
        conversationId: chat,
        createdBy: a,
        terms,
        parties: [a, b],
        at,
      });
      for (const u of [a, b])
        await db.roommateAgreements.accept({ agreementId: agreement.id, version: 1, userId: u, at });
      for (const u of [a, b])
        await db.roommateAgreements.addOutcome({
          agreementId: agreement.id,
          userId: u,
          checkpointDays: 30,
          rating: i + 2,
          whatWorks: '',
          whatDoesnt: '',
          didNotMoveIn: false,
          createdAt: at,
        });
    }
    await db.close();
    out.length = 0;
    expect(await run(['compatibility', 'evaluate', '--json'], env())).toBe(EXIT.ok);
    const report = JSON.parse(out.join('\n'));
    expect(report).toMatchObject({ answers: 6, didNotMoveIn: 0, unscored: 0 });
    expect(report.bands.map((b: { answers: number }) => b.answers).reduce((s: number, n: number) => s + n, 0)).toBe(6);
    expect(report.spearman === null || (report.spearman >= -1 && report.spearman <= 1)).toBe(true);
  });
});
