/**
 * The offline twin of web push (style habit 12, N99): `web-push` builds the same encrypted,
 * VAPID-signed request it would post to a push service, and this records it instead, at an
 * endpoint under this server (`{APP_URL}/dev/push/…`). An endpoint marked gone answers 410, as a
 * push service does for an expired subscription. Development shows the recent ones at /dev/push.
 */
import webpush from 'web-push';
import type { PushSubscriptionRecord } from '../../core/notifications/model';
import type { PushOutcome, PushPayload, PushSender } from '../../core/notifications/ports';
import { outcomeOf, requestOptions, toWebPushSubscription, type VapidKeys } from './web-push.sender';

export type RecordedPush = {
  endpoint: string;
  headers: Record<string, string>;
  /** The aes128gcm body, exactly as a push service would receive it. */
  body: Buffer;
  at: Date;
};

const KEEP = 200;

export class LocalPushService {
  readonly received: RecordedPush[] = [];
  private readonly gone = new Set<string>();

  /** A test's or developer's way of saying "this browser unsubscribed": the next push gets 410. */
  expire(endpoint: string) {
    this.gone.add(endpoint);
  }

  deliver(push: RecordedPush): number {
    if (this.gone.has(push.endpoint)) return 410;
    this.received.push(push);
    if (this.received.length > KEEP) this.received.shift();
    return 201;
  }
}

export class LocalPushSender implements PushSender {
  readonly enabled = true;
  readonly publicKey: string;
  readonly localEndpointPrefix: string;

  constructor(
    private readonly keys: VapidKeys,
    readonly service: LocalPushService,
    appUrl: string,
    private readonly now: () => Date,
  ) {
    this.publicKey = keys.publicKey;
    this.localEndpointPrefix = `${appUrl}/dev/push/`;
  }

  async send(sub: PushSubscriptionRecord, payload: PushPayload): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(
      toWebPushSubscription(sub),
      JSON.stringify(payload),
      requestOptions(this.keys),
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const body = Buffer.from(request.body ?? Buffer.alloc(0));
    return outcomeOf(this.service.deliver({ endpoint: sub.endpoint, headers, body, at: this.now() }));
  }
}
