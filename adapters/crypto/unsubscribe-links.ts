/**
 * Signed one-click unsubscribe links for the digest (issue 19, RFC 8058): the token is the user id
 * and an HMAC-SHA-256 of it under a key derived from JWT_SECRET for this purpose only, so a link
 * works without a session, cannot be forged for another student, and never expires (N104).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeLinks } from '../../core/notifications/digest';

const PURPOSE = 'nestmate:digest-unsubscribe:v1';

export class HmacUnsubscribeLinks implements UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly appUrl: string,
  ) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  private sign(userId: string) {
    return createHmac('sha256', this.key).update(userId).digest('base64url');
  }

  token(userId: string) {
    return `${Buffer.from(userId).toString('base64url')}.${this.sign(userId)}`;
  }

  url(userId: string) {
    return `${this.appUrl}/api/notifications/unsubscribe?token=${this.token(userId)}`;
  }

  verify(token: string): string | null {
    const [idPart, signature, extra] = token.split('.');
    if (!idPart || !signature || extra !== undefined) return null;
    const userId = Buffer.from(idPart, 'base64url').toString('utf8');
    const expected = Buffer.from(this.sign(userId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
  }
}
