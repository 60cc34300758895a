/**
 * Session endings announced on the realtime bus (issue 14): every process holding a socket of the
 * user closes the ones of that session family (or all of them), across processes on PostgreSQL (N32).
 */
import type { SessionEndings } from '../../core/accounts/ports';
import type { RealtimeBus } from '../../core/messaging/ports';

export const realtimeSessionEndings = (bus: Pick<RealtimeBus, 'publish'>): SessionEndings => ({
  ended: (userId, sessionFamily) => bus.publish(userId, { type: 'session.ended', sessionFamily }),
});
