/** Access tokens as HS256 JWTs (D6), verified with an algorithm allow-list, issuer and audience. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AccessTokenSigner } from '../../core/accounts/ports';
import type { Clock } from '../../core/shared/clock';

const ISSUER = 'nestmate';
const AUDIENCE = 'nestmate-api';

export class JoseAccessTokenSigner implements AccessTokenSigner {
  // A KeyObject made once: passing raw bytes would import the key again on every verify.
  private readonly key: KeyObject;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return null;
      return { userId: payload.sub, sessionFamily: payload.sid, expiresAt: new Date(payload.exp * 1000) };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}
