import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { DEMO_ANSWERS } from '../fixtures/demo-students';
import { EXIT, run } from './main';
import { cliHarness } from './test-harness';

describe('nestmate CLI', () => {
  const h = cliHarness('nestmate-cli-');
  const { out, env } = h;

  it('seeds reference data and deterministic demo students, idempotently', async () => {
    expect(await run(['seed', '--demo', '3', '--seed', '7', '--json'], env())).toBe(EXIT.ok);
    const first = JSON.parse(out.join('\n'));
    expect(first).toMatchObject({ universities: 22, prompts: 25 });
    expect(first.demoUsers).toHaveLength(3);
    expect(first.demoUsers.every((u: { created: boolean }) => u.created)).toBe(true);
    out.length = 0;
    expect(await run(['seed', '--demo', '3', '--seed', '7', '--json'], env())).toBe(EXIT.ok);
    const second = JSON.parse(out.join('\n'));
    expect(second.demoUsers.map((u: { email: string }) => u.email)).toEqual(
      first.demoUsers.map((u: { email: string }) => u.email),
    );
    expect(second.demoUsers.every((u: { created: boolean }) => !u.created)).toBe(true);
  });

  it('gives demo students complete profiles with photos, and pairs on a campus a match with messages', async () => {
    expect(await run(['seed', '--demo', '4', '--json'], env())).toBe(EXIT.ok);
    const emails = JSON.parse(out.join('\n')).demoUsers.map((u: { email: string }) => u.email) as string[];
    const db = openDatabase(h.url, uuidIds);
    const first = await db.users.findByEmail(emails[0]!);
    const second = await db.users.findByEmail(emails[1]!);
    const profile = await db.profiles.get(first!.id);
    expect(profile?.completedAt).not.toBeNull();
    expect(profile?.photos).toHaveLength(3);
    expect(profile?.prompts).toHaveLength(3);
    // Each answer is one written for its prompt (issue 17).
    for (const a of profile!.prompts) expect(DEMO_ANSWERS[a.promptId]).toContain(a.response);
    expect(existsSync(join(h.dir, 'media', profile!.photos[0]!.key))).toBe(true);
    expect((await db.swipes.matches(first!.id)).map((m) => m.userId)).toEqual([second!.id]);
    const conversation = [first!.id, second!.id].sort().join('_');
    expect(await db.conversations.messages(conversation, first!.id, { after: 0, limit: 10 })).toHaveLength(2);
    db.close();
  });

  it('grants admin to an existing account and says not found (exit 3) otherwise', async () => {
    await run(['seed', '--demo', '1', '--json'], env());
    const email = JSON.parse(out.join('\n')).demoUsers[0].email as string;
    expect(await run(['admin', 'grant', email.toUpperCase()], env())).toBe(EXIT.ok);
    const db = openDatabase(h.url, uuidIds);
    const user = await db.users.findByEmail(email);
    expect((await db.users.describe(user!.id))?.isAdmin).toBe(true);
    db.close();
    expect(await run(['admin', 'revoke', email], env())).toBe(EXIT.ok);
    const db2 = openDatabase(h.url, uuidIds);
    expect((await db2.users.describe(user!.id))?.isAdmin).toBe(false);
    db2.close();
    expect(await run(['admin', 'grant', 'nobody@ucla.edu'], env())).toBe(EXIT.notFound);
  });

  it('lists the outbox as JSON with links', async () => {
    const db = openDatabase(h.url, uuidIds);
    await db.outbox.add({ to: 'a@ucla.edu', subject: 'Hi', text: 'Open http://localhost:3000/x?token=1' }, new Date());
    db.close();
    expect(await run(['mail', 'list', '--json'], env())).toBe(EXIT.ok);
    const mails = JSON.parse(out.join('\n'));
    expect(mails[0]).toMatchObject({ to: 'a@ucla.edu', link: 'http://localhost:3000/x?token=1' });
  });

  it('exits 2 on a usage error', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await run(['seed', '--demo', 'many'], env())).toBe(EXIT.usage);
    expect(await run(['no-such-command'], env())).toBe(EXIT.usage);
  });
});

describe('nestmate operations', () => {
  const h = cliHarness('nestmate-ops-');
  const { out, env } = h;

  it('refuses to work on a database that does not exist', async () => {
    expect(await run(['reports', 'list'], env())).toBe(EXIT.failure);
    expect(out.join('\n')).toContain('No database at');
  });

  it('lists, removes and refuses to re-review a flag, and audits the decision', async () => {
    await run(['seed', '--demo', '1', '--json'], env());
    const email = JSON.parse(out.join('\n')).demoUsers[0].email as string;
    const db = openDatabase(h.url, uuidIds);
    const user = await db.users.findByEmail(email);
    await db.contentFlags.add({
      id: 'flag-1',
      contentType: 'profile',
      contentId: user!.id,
      authorId: user!.id,
      flag: { reason: 'rental_scam', confidence: 0.9, matched: ['wire transfer'] },
      at: new Date(),
    });
    db.close();
    out.length = 0;
    expect(await run(['moderation', 'flags', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toEqual([expect.objectContaining({ id: 'flag-1', status: 'pending' })]);
    expect(await run(['moderation', 'remove', 'flag-1', '--note', 'scam'], env())).toBe(EXIT.ok);
    expect(await run(['moderation', 'approve', 'flag-1'], env())).toBe(EXIT.conflict);
    expect(await run(['moderation', 'approve', 'nope'], env())).toBe(EXIT.notFound);
    const db2 = openDatabase(h.url, uuidIds);
    expect((await db2.admins.flags('removed', 10)).map((f) => f.id)).toEqual(['flag-1']);
    db2.close();
  });

  it('decides several flags at once, worst listed first with their evidence, and fails for scripts when one had gone (issue 15)', async () => {
    await run(['seed', '--demo', '1', '--json'], env());
    const email = JSON.parse(out.join('\n')).demoUsers[0].email as string;
    const db = openDatabase(h.url, uuidIds);
    const user = await db.users.findByEmail(email);
    for (const [id, reason] of [
      ['flag-a', 'off_platform'],
      ['flag-b', 'hate'],
      ['flag-c', 'phishing'],
    ] as const) {
      await db.contentFlags.add({
        id,
        contentType: 'profile',
        contentId: user!.id,
        authorId: user!.id,
        flag: { reason, confidence: 0.9, matched: [`${reason} words`] },
        at: new Date(),
      });
    }
    db.close();
    out.length = 0;
    expect(await run(['moderation', 'flags', '--json'], env())).toBe(EXIT.ok);
    const listed = JSON.parse(out.join('\n')) as { id: string; evidence: string[] }[];
    expect(listed.map((f) => [f.id, f.evidence])).toEqual([
      ['flag-b', ['hate words']],
      ['flag-c', ['phishing words']],
      ['flag-a', ['off_platform words']],
    ]);
    out.length = 0;
    expect(await run(['moderation', 'remove', 'flag-b', 'flag-c', 'nope'], env())).toBe(EXIT.notFound);
    expect(out).toEqual(['Flag flag-b removed.', 'Flag flag-c removed.', 'nope: Content flag not found.']);
    expect(await run(['moderation', 'approve', 'flag-a', 'flag-b'], env())).toBe(EXIT.conflict);
    const db2 = openDatabase(h.url, uuidIds);
    expect((await db2.admins.flags('removed', 10)).map((f) => f.id).sort()).toEqual(['flag-b', 'flag-c']);
    expect((await db2.admins.flag('flag-a'))?.status).toBe('approved');
    db2.close();
  });

  it('approving a held message releases it to its recipient (issue 15)', async () => {
    await run(['seed', '--demo', '4', '--json'], env());
    const emails = JSON.parse(out.join('\n')).demoUsers.map((u: { email: string }) => u.email) as string[];
    const db = openDatabase(h.url, uuidIds);
    const a = await db.users.findByEmail(emails[0]!);
    const b = await db.users.findByEmail(emails[1]!);
    const conversation = [a!.id, b!.id].sort().join('_');
    const message = { conversationId: conversation, senderId: b!.id, createdAt: new Date() };
    await db.conversations.send(
      { ...message, id: 'm-held', content: 'Send me your password', pendingReview: true },
      new Date(0),
      () => true,
    );
    await db.contentFlags.add({
      id: 'flag-held',
      contentType: 'message',
      contentId: 'm-held',
      authorId: b!.id,
      flag: { reason: 'phishing', confidence: 0.99, matched: [] },
      at: new Date(),
    });
    const seenByA = async () =>
      (await db.conversations.messages(conversation, a!.id, { limit: 100 })).filter((m) => m.id === 'm-held');
    expect(await seenByA()).toEqual([]);
    out.length = 0;
    expect(await run(['moderation', 'approve', 'flag-held'], env())).toBe(EXIT.ok);
    expect(await seenByA()).toEqual([
      expect.objectContaining({ content: 'Send me your password', pendingReview: false }),
    ]);
    db.close();
  });

  it('suspends and unsuspends an account, and runs retention (dry run first)', async () => {
    await run(['seed', '--demo', '1', '--json'], env());
    const email = JSON.parse(out.join('\n')).demoUsers[0].email as string;
    expect(await run(['users', 'suspend', email], env())).toBe(EXIT.ok);
    const db = openDatabase(h.url, uuidIds);
    const user = await db.users.findByEmail(email);
    expect(user?.status).toBe('suspended');
    await db.privacy.create({
      id: 'del-1',
      userId: user!.id,
      requestType: 'deletion',
      status: 'pending',
      createdAt: new Date(),
      completedAt: null,
      expiresAt: null,
    });
    db.close();
    expect(await run(['users', 'unsuspend', 'ghost@ucla.edu'], env())).toBe(EXIT.notFound);
    out.length = 0;
    expect(await run(['retention', 'run', '--dry-run', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ dryRun: true, accountsErased: 1 });
    const db2 = openDatabase(h.url, uuidIds);
    expect(await db2.users.findByEmail(email)).not.toBeNull();
    db2.close();
    out.length = 0;
    expect(await run(['retention', 'run', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ dryRun: false, accountsErased: 1 });
    const db3 = openDatabase(h.url, uuidIds);
    expect(await db3.users.findByEmail(email)).toBeNull();
    db3.close();
  });

  it('classifies texts from stdin with the same rules, one JSON verdict per line', async () => {
    const { execFileSync } = await import('node:child_process');
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'moderation', 'classify'], {
      input: 'Please wire transfer the deposit before viewing\n{"text":"See you Saturday!"}\n',
      env: { ...process.env, ...env() },
    }).toString();
    const verdicts = output
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(verdicts).toEqual([
      expect.objectContaining({ flagged: true, reason: 'rental_scam', category: 'rental_scam' }),
      expect.objectContaining({ flagged: false, reason: null, category: 'none', evidence: [] }),
    ]);
    // Issue 15: the verdict names its evidence and a calibrated confidence.
    expect(verdicts[0].evidence).toContain('deposit before view');
    expect(verdicts[0].confidence).toBeGreaterThan(0.5);
    expect(verdicts[0].confidence).toBeLessThanOrEqual(1);
  });
});

describe('nestmate simulate', () => {
  it('runs a small campus through the real deck and shows the ranking beating random order', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a) => out.push(a.join(' ')));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await run(['simulate', '--users', '120', '--json'], { NODE_ENV: 'test', DATABASE_URL: ':memory:' })).toBe(
        EXIT.ok,
      );
    } finally {
      vi.restoreAllMocks();
    }
    const [ranked, random] = JSON.parse(out.join('\n'));
    expect(ranked).toMatchObject({ arm: 'ranked', users: 120 });
    expect(random).toMatchObject({ arm: 'random', users: 120 });
    expect(ranked.swipes).toBeGreaterThan(0);
    expect(ranked.matchesPer100Swipes).toBeGreaterThan(random.matchesPer100Swipes);
  });
});

describe('nestmate simulate --compare-weights (N161)', () => {
  const h = cliHarness('nestmate-weights-');
  const { out, env } = h;

  it('compares alternative weights with today’s on a seeded synthetic campus, the same for the same seed', async () => {
    const argv = [
      'simulate',
      '--users',
      '80',
      '--seed',
      '3',
      '--compare-weights',
      'truth=cleanliness:30,sleepSchedule:25,smoking:15,guestPolicy:15,noiseLevel:15,studyHabits:0,budget:0,moveIn:0,housing:0,gender:0',
      '--compare-weights',
      'blind=cleanliness:0,sleepSchedule:0,smoking:0,guestPolicy:0,noiseLevel:0',
      '--json',
    ];
    expect(await run(argv, env())).toBe(EXIT.ok);
    const report = JSON.parse(out.join('\n'));
    expect(report).toMatchObject({ seed: 3, students: 80, pairs: 3160 });
    expect(report.note).toContain('weights stay a reviewed code change');
    const [today, truth, blind] = report.arms;
    expect([today.name, truth.name, blind.name]).toEqual(['today', 'truth', 'blind']);
    expect(today.weights.cleanliness).toBe(15);
    expect(truth.spearman).toBeGreaterThan(blind.spearman);
    expect(truth.households).toBe(40);
    out.length = 0;
    expect(await run(argv, env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toEqual(report);
  });

  it('prints a table with the footer, and writes the CSV', async () => {
    const csv = join(h.dir, 'weights.csv');
    expect(
      await run(['simulate', '--users', '30', '--compare-weights', 'tidy=cleanliness:25', '--out', csv], env()),
    ).toBe(EXIT.ok);
    expect(out[0]).toContain('Synthetic campus: 30 students, 435 pairs, seed 7');
    expect(out.at(-1)).toContain('Nothing was changed');
    expect(readFileSync(csv, 'utf8').split('\n')[0]).toBe('weights,spearman,households,meanHouseholdOutcome,vsToday');
  });

  it('refuses an unknown factor or a negative weight as a usage error', async () => {
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      errors.push(String(chunk));
      return true;
    });
    expect(await run(['simulate', '--compare-weights', 'x=tidiness:20'], env())).toBe(EXIT.usage);
    expect(await run(['simulate', '--compare-weights', 'x=smoking:-3'], env())).toBe(EXIT.usage);
    expect(await run(['simulate', '--compare-weights', 'a=budget:5', '--compare-weights', 'a=budget:6'], env())).toBe(
      EXIT.usage,
    );
    const text = errors.join('');
    expect(text).toContain('unknown factor "tidiness" in "x"');
    expect(text).toContain('the weight of smoking in "x" must be a number of 0 or more (got -3)');
    expect(text).toContain('"a" is named twice');
  });
});

describe('nestmate migrate, gold, reports and moderation scan', () => {
  const h = cliHarness('nestmate-more-');
  const { out, env } = h;

  it('migrates a new database, grants and revokes Gold', async () => {
    expect(await run(['migrate'], env())).toBe(EXIT.ok);
    expect(existsSync(join(h.dir, 'db.sqlite'))).toBe(true);
    await run(['seed', '--demo', '1', '--json'], env());
    const email = JSON.parse(out.slice(1).join('\n')).demoUsers[0].email as string;
    expect(await run(['gold', 'grant', email, '--days', '10'], env())).toBe(EXIT.ok);
    const db = openDatabase(h.url, uuidIds);
    const user = await db.users.findByEmail(email);
    expect((await db.subscriptions.get(user!.id))?.isPremium).toBe(true);
    db.close();
    expect(await run(['gold', 'revoke', email], env())).toBe(EXIT.ok);
    const db2 = openDatabase(h.url, uuidIds);
    expect((await db2.subscriptions.get(user!.id))?.isPremium).toBe(false);
    db2.close();
    expect(await run(['gold', 'grant', 'ghost@ucla.edu'], env())).toBe(EXIT.notFound);
  });

  it('lists, shows and resolves reports, and scans stored messages for new flags', async () => {
    await run(['seed', '--demo', '4', '--json'], env());
    const emails = JSON.parse(out.join('\n')).demoUsers.map((u: { email: string }) => u.email) as string[];
    const db = openDatabase(h.url, uuidIds);
    const a = await db.users.findByEmail(emails[0]!);
    const b = await db.users.findByEmail(emails[1]!);
    await db.safety.report({
      id: 'r1',
      reporterId: a!.id,
      reportedUserId: b!.id,
      category: 'scam',
      severity: 'high',
      details: null,
      at: new Date(),
    });
    const conversation = [a!.id, b!.id].sort().join('_');
    await db.conversations.send(
      {
        id: 'm-scam',
        conversationId: conversation,
        senderId: b!.id,
        content: 'Pay the deposit with gift cards please',
        createdAt: new Date(),
      },
      new Date(0),
      () => true,
    );
    db.close();
    out.length = 0;
    expect(await run(['reports', 'list', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toEqual([expect.objectContaining({ id: 'r1', status: 'pending' })]);
    expect(await run(['reports', 'show', 'r1'], env())).toBe(EXIT.ok);
    expect(await run(['reports', 'resolve', 'r1'], env())).toBe(EXIT.ok);
    expect(await run(['reports', 'resolve', 'nope'], env())).toBe(EXIT.notFound);
    out.length = 0;
    expect(await run(['moderation', 'scan'], env())).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/1 new flags/);
    expect(await run(['moderation', 'scan'], env())).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/0 new flags/);
  });
});
