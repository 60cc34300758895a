/**
 * The synchronous HS256 verifier (issue 18 §5, N77) refuses everything jose's jwtVerify refuses with
 * the same options, one case per check, and accepts what it accepts.
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { fixedClock } from '../../core/shared/clock';
import { JoseAccessTokenSigner } from './jose-signer';

const SECRET = 'signer-test-secret-signer-test-secret-12';
const NOW = new Date('2026-09-01T12:00:00.000Z');
const nowS = Math.floor(NOW.getTime() / 1000);
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const signer = new JoseAccessTokenSigner(SECRET, fixedClock(NOW.toISOString()));

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** A token with any header and claims, signed with HMAC-SHA256 over exactly those parts. */
function forge(header: unknown, claims: unknown, secret = SECRET) {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

const good = { sub: 'user-1', sid: 'family-1', iss: 'nestmate', aud: 'nestmate-api', iat: nowS, exp: nowS + 900 };
const HS256 = { alg: 'HS256', typ: 'JWT' };

/** What jose says about the same token with the options the signer used to pass it. */
async function joseAccepts(token: string) {
  try {
    await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'nestmate',
      audience: 'nestmate-api',
      currentDate: NOW,
    });
    return true;
  } catch {
    return false;
  }
}

async function expectRefused(token: string) {
  expect(await signer.verify(token)).toBeNull();
  expect(await joseAccepts(token)).toBe(false);
}

describe('access token verification', () => {
  it('accepts a token it signed, with its claims and expiry', async () => {
    const token = await signer.sign({ userId: 'user-1', sessionFamily: 'family-1' }, new Date(NOW.getTime() + 900_000));
    expect(await signer.verify(token)).toEqual({
      userId: 'user-1',
      sessionFamily: 'family-1',
      expiresAt: new Date((nowS + 900) * 1000),
    });
    expect(await joseAccepts(token)).toBe(true);
    // A list of audiences that holds ours is accepted, as jose does.
    const listed = forge(HS256, { ...good, aud: ['other', 'nestmate-api'] });
    expect(await signer.verify(listed)).not.toBeNull();
    expect(await joseAccepts(listed)).toBe(true);
  });

  it('refuses alg none, in any spelling, signed or not', async () => {
    const claims = b64(good);
    await expectRefused(`${b64({ alg: 'none' })}.${claims}.`);
    await expectRefused(`${b64({ alg: 'none' })}.${claims}`);
    await expectRefused(forge({ alg: 'none' }, good));
    await expectRefused(forge({ alg: 'NONE' }, good));
    await expectRefused(forge({}, good));
  });

  it('refuses any algorithm but HS256, even with the right key', async () => {
    const hs512 = await new SignJWT({ sid: 'family-1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-1')
      .setIssuer('nestmate')
      .setAudience('nestmate-api')
      .setExpirationTime(nowS + 900)
      .sign(key);
    await expectRefused(hs512);
    // An HS256 signature under a header that names another algorithm.
    await expectRefused(forge({ alg: 'HS384' }, good));
    await expectRefused(forge({ alg: 'RS256' }, good));
  });

  it('refuses a bad signature: another key, a changed payload, a truncated or padded signature', async () => {
    await expectRefused(forge(HS256, good, 'another-secret-another-secret-another-12'));
    const token = forge(HS256, good);
    const [h, , s] = token.split('.');
    await expectRefused(`${h}.${b64({ ...good, sub: 'admin' })}.${s}`);
    await expectRefused(token.slice(0, -2));
    const middle = token.length - 10;
    await expectRefused(`${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`);
    // Stricter than jose, which decodes these to the same bytes: only the canonical encoding passes.
    expect(await signer.verify(`${token}=`)).toBeNull();
    const lastBits = `${token.slice(0, -1)}${String.fromCharCode(token.charCodeAt(token.length - 1) ^ 1)}`;
    expect(await signer.verify(lastBits)).toBeNull();
  });

  it('refuses the wrong issuer or audience, or none', async () => {
    await expectRefused(forge(HS256, { ...good, iss: 'someone-else' }));
    await expectRefused(forge(HS256, { ...good, aud: 'other-api' }));
    await expectRefused(forge(HS256, { ...good, aud: ['other-api'] }));
    const { iss: _iss, ...noIssuer } = good;
    await expectRefused(forge(HS256, noIssuer));
    const { aud: _aud, ...noAudience } = good;
    await expectRefused(forge(HS256, noAudience));
  });

  it('refuses an expired token (exp now or earlier) and one not yet valid', async () => {
    await expectRefused(forge(HS256, { ...good, exp: nowS }));
    await expectRefused(forge(HS256, { ...good, exp: nowS - 3600 }));
    await expectRefused(forge(HS256, { ...good, exp: String(nowS + 900) }));
    await expectRefused(forge(HS256, { ...good, nbf: nowS + 60 }));
    const justValid = forge(HS256, { ...good, exp: nowS + 1, nbf: nowS });
    expect(await signer.verify(justValid)).not.toBeNull();
    expect(await joseAccepts(justValid)).toBe(true);
  });

  it('refuses malformed tokens and unknown critical headers without throwing', async () => {
    for (const bad of ['', 'a.b', 'a.b.c.d', '...', 'not a token', `${b64(HS256)}.%%%.abc`]) {
      await expectRefused(bad);
    }
    await expectRefused(forge('not json', good));
    await expectRefused(forge(HS256, 'not json'));
    await expectRefused(forge(HS256, [good]));
    await expectRefused(forge({ ...HS256, crit: ['exp'] }, good));
    await expectRefused(forge(HS256, { ...good, iat: 'yesterday' }));
  });

  it('refuses a valid signature without the session claims the server needs', async () => {
    const { sid: _sid, ...noSession } = good;
    expect(await signer.verify(forge(HS256, noSession))).toBeNull();
    const { sub: _sub, ...noSubject } = good;
    expect(await signer.verify(forge(HS256, noSubject))).toBeNull();
    const { exp: _exp, ...noExpiry } = good;
    expect(await signer.verify(forge(HS256, noExpiry))).toBeNull();
  });

  it('checks the time again on every call for a token it has already verified (N183)', async () => {
    const clock = fixedClock(NOW.toISOString());
    const own = new JoseAccessTokenSigner(SECRET, clock);
    const later = forge(HS256, { ...good, nbf: nowS + 60 });
    expect(await own.verify(later)).toBeNull();
    const token = forge(HS256, good);
    expect(await own.verify(token)).not.toBeNull();
    expect(await own.verify(token)).toEqual({
      userId: 'user-1',
      sessionFamily: 'family-1',
      expiresAt: new Date((nowS + 900) * 1000),
    });
    clock.advance(120_000);
    expect(await own.verify(later)).not.toBeNull();
    clock.advance(900_000);
    expect(await own.verify(token)).toBeNull();
    expect(await own.verify(later)).toBeNull();
  });

  it('refuses a token altered by one character after the real one was verified (N183)', async () => {
    const token = forge(HS256, good);
    expect(await signer.verify(token)).not.toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await signer.verify(`${token.slice(0, -1)}${last}`)).toBeNull();
    expect(
      await signer.verify(forge(HS256, { ...good, sub: 'user-2' }, 'another-secret-another-secret-123456')),
    ).toBeNull();
    expect(await signer.verify(token)).not.toBeNull();
  });
});
