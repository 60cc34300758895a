/**
 * Access tokens as HS256 JWTs (D6). Signed with jose; verified synchronously with node's HMAC
 * (issue 18 §5, N77): jose verifies through WebCrypto, which hops to the thread pool and cost
 * ≈110 µs per request. The checks are jose's for these options: compact form, base64url parts,
 * JSON object header and payload, the algorithm allow-list (HS256 only: `none` and every other
 * algorithm are refused), no `crit` header, a constant-time signature comparison, then issuer,
 * audience (a string or a list holding ours), expiry (`exp` after now), not-before, `iat` a number.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AccessTokenSigner } from '../../core/accounts/ports';
import type { Clock } from '../../core/shared/clock';

const ISSUER = 'nestmate';
const AUDIENCE = 'nestmate-api';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

type JsonObject = Record<string, unknown>;

function decodeObject(part: string): JsonObject | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
  } catch {
    return null;
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A token whose signature and claims checked out, less the checks that depend on the time. */
type Verified = { userId: string; sessionFamily: string; exp: number; nbf: number | undefined };

/** Enough for every access token alive at once on a busy process (15 minutes each, D6). */
const VERIFIED_MAX = 10_000;

export class JoseAccessTokenSigner implements AccessTokenSigner {
  // A KeyObject made once: passing raw bytes would import the key again on every call.
  private readonly key: KeyObject;
  /**
   * Tokens verified before (issue 18, N183): a browser sends the same token for 15 minutes, and
   * the HMAC and two JSON parses were most of a signed-in request's own work. Only tokens signed with
   * this key get in, so the map cannot be filled from outside; expiry and not-before are still
   * checked against the clock on every call.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: { userId: string; sessionFamily: string }, expiresAt: Date) {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionFamily })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string) {
    return this.verifySync(token);
  }

  /** The claims of a valid token, or null; never throws on bad input. */
  verifySync(token: string): { userId: string; sessionFamily: string; expiresAt: Date } | null {
    if (typeof token !== 'string') return null;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    let known = this.verified.get(token);
    if (!known) {
      const checked = this.check(token);
      if (!checked) return null;
      known = checked;
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, known);
    }
    if (known.exp <= now) {
      this.verified.delete(token);
      return null;
    }
    if (known.nbf !== undefined && known.nbf > now) return null;
    return { userId: known.userId, sessionFamily: known.sessionFamily, expiresAt: new Date(known.exp * 1000) };
  }

  /** Every check but the time's: form, algorithm, signature, issuer, audience, claim types. */
  private check(token: string): Verified | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, signature] = parts as [string, string, string];
    const header = decodeObject(head);
    if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
    if (!BASE64URL.test(signature)) return null;
    const expected = Buffer.from(createHmac('sha256', this.key).update(`${head}.${body}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = decodeObject(body);
    if (!payload) return null;
    const { iss, aud, exp, nbf, iat, sub, sid } = payload;
    if (iss !== ISSUER) return null;
    if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
    if (!isNumber(exp)) return null;
    if (nbf !== undefined && !isNumber(nbf)) return null;
    if (iat !== undefined && !isNumber(iat)) return null;
    if (typeof sub !== 'string' || typeof sid !== 'string') return null;
    return { userId: sub, sessionFamily: sid, exp, nbf };
  }
}
