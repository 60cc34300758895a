/** `nestmate verification queue|approve|reject` and the selfie part of `retention run` (issue 16 §2). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { EXIT, run } from './main';
import { cliHarness } from './test-harness';

describe('nestmate verification', () => {
  const h = cliHarness('nestmate-cli-verify-');
  const { out, env } = h;

  /** A demo student with a selfie waiting for review, its file in the media directory. */
  async function pendingSelfie(at: Date) {
    await run(['seed', '--demo', '1', '--json'], env());
    const email = JSON.parse(out.join('\n')).demoUsers[0].email as string;
    out.length = 0;
    const db = openDatabase(h.url, uuidIds);
    const user = (await db.users.findByEmail(email))!;
    const id = 'verification-1';
    await db.verifications.openChallenge(
      {
        id,
        userId: user.id,
        pose: 'thumbs-up',
        status: 'challenge',
        challengeExpiresAt: new Date(at.getTime() + 600_000),
        selfieKey: null,
        mainPhotoId: null,
        rejectReason: null,
        reviewedBy: null,
        reviewedAt: null,
        submittedAt: null,
        createdAt: at,
      },
      3,
      new Date(at.getTime() - 86_400_000),
      at,
    );
    const key = `selfie-${user.id}/1-abc.webp`;
    mkdirSync(join(h.dir, 'media', `selfie-${user.id}`), { recursive: true });
    writeFileSync(join(h.dir, 'media', key), 'bytes');
    expect(await db.verifications.submit(id, user.id, key, at)).toBe(true);
    db.close();
    return { id, email, key };
  }

  it('lists the queue, rejects with a listed reason (e-mailed) and refuses a second decision', async () => {
    const { id, email } = await pendingSelfie(new Date());
    expect(await run(['verification', 'queue', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toEqual([
      expect.objectContaining({ id, email, poseLabel: 'Thumbs up next to your face', mainPhotoChanged: false }),
    ]);
    out.length = 0;
    expect(await run(['verification', 'reject', id, '--reason', 'blurry'], env())).toBe(EXIT.usage);
    expect(await run(['verification', 'reject', 'nope', '--reason', 'face-not-visible'], env())).toBe(EXIT.notFound);
    expect(await run(['verification', 'reject', id, '--reason', 'face-not-visible'], env())).toBe(EXIT.ok);
    expect(await run(['verification', 'approve', id], env())).toBe(EXIT.conflict);
    const db = openDatabase(h.url, uuidIds);
    expect(await db.verifications.get(id)).toMatchObject({ status: 'rejected', rejectReason: 'face-not-visible' });
    expect((await db.outbox.list(20)).some((m) => m.to === email && m.text.includes('Face not visible'))).toBe(true);
    db.close();
    out.length = 0;
    expect(await run(['verification', 'queue'], env())).toBe(EXIT.ok);
    expect(out).toEqual(['No selfies waiting for review.']);
  });

  it('approves, and retention deletes the selfie file 30 days after review', async () => {
    const { id, key } = await pendingSelfie(new Date(Date.now() - 40 * 86_400_000));
    const db = openDatabase(h.url, uuidIds);
    await db.verifications.review(
      id,
      { status: 'approved', reason: null },
      null,
      new Date(Date.now() - 31 * 86_400_000),
    );
    db.close();
    expect(existsSync(join(h.dir, 'media', key))).toBe(true);
    out.length = 0;
    expect(await run(['retention', 'run', '--dry-run', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n')).purged).toMatchObject({ verification_selfies: 1 });
    expect(existsSync(join(h.dir, 'media', key))).toBe(true);
    out.length = 0;
    expect(await run(['retention', 'run', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n')).purged).toMatchObject({ verification_selfies: 1 });
    expect(existsSync(join(h.dir, 'media', key))).toBe(false);
  });

  it('backfill-schools derives the school of accounts confirmed before N59, and a dry run changes nothing', async () => {
    await run(['seed', '--demo', '2', '--json'], env());
    const emails = (JSON.parse(out.join('\n')).demoUsers as { email: string }[]).map((u) => u.email);
    const raw = new Sqlite(join(h.dir, 'db.sqlite'));
    // As an account confirmed before schools were derived: confirmed, no school.
    raw.prepare('UPDATE users SET verified_university = NULL WHERE email = ?').run(emails[0]);
    const school = () =>
      raw
        .prepare('SELECT verified_university AS s, email_confirmed_at AS at FROM users WHERE email = ?')
        .get(emails[0]) as {
        s: string | null;
        at: number;
      };
    const before = school();
    out.length = 0;
    expect(await run(['verification', 'backfill-schools', '--dry-run', '--json'], env())).toBe(EXIT.ok);
    const dry = JSON.parse(out.join('\n'));
    expect(dry).toMatchObject({
      dryRun: true,
      checked: 1,
      derived: [{ email: emails[0], school: expect.any(String) }],
    });
    expect(school().s).toBeNull();
    out.length = 0;
    expect(await run(['verification', 'backfill-schools'], env())).toBe(EXIT.ok);
    expect(school()).toEqual({ s: dry.derived[0].school, at: before.at });
    expect(out.at(-1)).toBe('Derived the school of 1 of 1 confirmed account(s) without one.');
    out.length = 0;
    expect(await run(['verification', 'backfill-schools'], env())).toBe(EXIT.ok);
    expect(out.at(-1)).toBe('Derived the school of 0 of 0 confirmed account(s) without one.');
    raw.close();
  });
});
