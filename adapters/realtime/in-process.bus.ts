/** The in-process realtime bus: one API process delivers to its own sockets (issue 10 adds PostgreSQL). */
import type { RealtimeBus, RealtimeEvent } from '../../core/messaging/ports';

export class InProcessRealtimeBus implements RealtimeBus {
  private readonly handlers = new Map<string, Set<(event: RealtimeEvent) => void>>();

  async publish(userId: string, event: RealtimeEvent) {
    for (const handler of this.handlers.get(userId) ?? []) handler(event);
  }

  subscribe(userId: string, handler: (event: RealtimeEvent) => void) {
    let set = this.handlers.get(userId);
    if (!set) {
      set = new Set();
      this.handlers.set(userId, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(userId);
    };
  }
}
