/**
 * Web push through `web-push` (N99): RFC 8291 aes128gcm encryption and VAPID (RFC 8292) signing,
 * kept out of our code. The real sender posts to the browser's push service; the local twin
 * (local.push.ts) builds the very same encrypted request and records it instead (style habit 12).
 */
import webpush from 'web-push';
import type { PushSubscriptionRecord } from '../../core/notifications/model';
import type { PushOutcome, PushPayload, PushSender } from '../../core/notifications/ports';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A push service keeps an undelivered message this long (RFC 8030 §5.2): a day-old match still matters. */
const TTL_SECONDS = 24 * 60 * 60;

export const requestOptions = (keys: VapidKeys) => ({
  vapidDetails: keys,
  TTL: TTL_SECONDS,
  contentEncoding: 'aes128gcm' as const,
  urgency: 'normal' as const,
  timeout: 10_000,
});

export const toWebPushSubscription = (sub: PushSubscriptionRecord) => ({
  endpoint: sub.endpoint,
  keys: { p256dh: sub.p256dh, auth: sub.auth },
});

/** RFC 8030 §7.3 and common practice: 404 and 410 say the subscription is gone for good. */
export const outcomeOf = (status: number): PushOutcome =>
  status === 404 || status === 410 ? 'gone' : status >= 200 && status < 300 ? 'sent' : 'failed';

export class WebPushSender implements PushSender {
  readonly enabled = true;
  readonly localEndpointPrefix = null;
  readonly publicKey: string;

  constructor(
    private readonly keys: VapidKeys,
    private readonly log: (line: string) => void,
  ) {
    this.publicKey = keys.publicKey;
  }

  async send(sub: PushSubscriptionRecord, payload: PushPayload): Promise<PushOutcome> {
    try {
      const res = await webpush.sendNotification(
        toWebPushSubscription(sub),
        JSON.stringify(payload),
        requestOptions(this.keys),
      );
      return outcomeOf(res.statusCode);
    } catch (e) {
      if (e instanceof webpush.WebPushError) {
        const outcome = outcomeOf(e.statusCode);
        // The endpoint's host only: the path is the subscription's secret.
        if (outcome === 'failed') this.log(`[push] ${new URL(sub.endpoint).host} answered ${e.statusCode}`);
        return outcome;
      }
      this.log(`[push] sending failed: ${e instanceof Error ? e.message : String(e)}`);
      return 'failed';
    }
  }
}

/** Push is off (production without VAPID keys): nothing is sent, nothing subscribes. */
export const disabledPush: PushSender = {
  enabled: false,
  publicKey: null,
  localEndpointPrefix: null,
  send: async () => 'failed',
};

export const generateVapidKeys = () => webpush.generateVAPIDKeys();
