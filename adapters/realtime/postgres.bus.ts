/**
 * The realtime bus across API processes (D4, issue 10): an event is a row in realtime_events and a
 * NOTIFY carrying its id and user in the same statement, so it is announced exactly when it commits.
 * Every process LISTENs on one connection and reads the rows for users with a socket here.
 *
 * When the listening connection drops, notifications sent meanwhile are lost, but the rows are not:
 * after reconnecting, the bus LISTENs again and reads every event since shortly before the drop.
 * Ids already seen are remembered, so nothing is delivered twice.
 */
import pg from 'pg';
import type { RealtimeBus, RealtimeEvent } from '../../core/messaging/ports';
import { InProcessRealtimeBus } from './in-process.bus';

const CHANNEL = 'nestmate_realtime';
/** Catch-up reaches this far before the drop: a commit may be announced a little after its row time. */
const CATCH_UP_MARGIN_MS = 10_000;
/** Rows are kept this long: the longest outage a listener can recover from without losing events. */
const RETENTION_MS = 5 * 60_000;

export type PostgresBusOptions = {
  log?: (line: string) => void;
  /** First reconnect delay; doubles up to 5 s. */
  reconnectDelayMs?: number;
};

type EventRow = { id: number; user_id: string; payload: string; created_at: number };

/**
 * The bus's events written by another statement, so they commit with it (N225): `insert(rows)` is a
 * data-modifying CTE body adding one event per row of `rows` (its `user_id` and `payload` columns),
 * and `announce(events)` an expression that NOTIFYs each of them; the statement must select it. Every
 * process on this bus reads them as it reads `publish`'s. Given to the repositories only when the
 * PostgreSQL bus is the one in use: a process on the in-process bus would never hear them.
 */
export const postgresStatementEvents = {
  insert: (rows: string) =>
    `INSERT INTO realtime_events (user_id, payload) SELECT user_id, payload FROM ${rows} RETURNING id, user_id`,
  announce: (events: string) =>
    `(SELECT count(pg_notify('${CHANNEL}', ${events}.id::text || ':' || ${events}.user_id)) FROM ${events})`,
};
export type StatementEvents = typeof postgresStatementEvents;

export class PostgresRealtimeBus implements RealtimeBus {
  /** For the repositories, so a write can carry its event (N225). */
  readonly statementEvents: StatementEvents = postgresStatementEvents;
  private readonly local = new InProcessRealtimeBus();
  private readonly localUsers = new Map<string, number>();
  private readonly pool: pg.Pool;
  private listener: pg.Client | null = null;
  /** Ids handled (delivered or not ours), with the row time, pruned past the retention. */
  private readonly seen = new Map<number, number>();
  private pending: number[] = [];
  private flushing: Promise<void> = Promise.resolve();
  /** Row time (database clock) of the newest event handled: where a catch-up starts. */
  private newestAt = 0;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly pruneTimer: NodeJS.Timeout;
  private readonly log: (line: string) => void;
  private readonly baseDelay: number;
  private delay: number;

  constructor(
    private readonly url: string,
    options: PostgresBusOptions = {},
  ) {
    this.log = options.log ?? ((l) => console.log(l));
    this.baseDelay = options.reconnectDelayMs ?? 200;
    this.delay = this.baseDelay;
    this.pool = new pg.Pool({ connectionString: url, max: 4, statement_timeout: 10_000 });
    this.pool.on('error', (e) => this.log(`[realtime] idle connection lost: ${e.message}`));
    this.pruneTimer = setInterval(() => void this.prune(), 60_000);
    this.pruneTimer.unref();
  }

  /** Connects the listener; resolves once this process receives events. */
  async start(): Promise<void> {
    const now = await this.pool.query<{ now: number }>(
      'SELECT (extract(epoch from clock_timestamp()) * 1000)::bigint AS now',
    );
    this.newestAt = Number(now.rows[0]?.now ?? 0);
    await this.connect();
  }

  /**
   * Never throws: the write that caused the event is already committed, and a client that misses
   * the event catches up over HTTP by sequence number when it reconnects.
   */
  async publish(userId: string, event: RealtimeEvent): Promise<void> {
    try {
      // A named statement, parsed once per connection: every like and message publishes (issue 18).
      await this.pool.query({
        name: 'realtime_publish',
        text: `WITH e AS (INSERT INTO realtime_events (user_id, payload) VALUES ($1, $2) RETURNING id)
         SELECT pg_notify('${CHANNEL}', e.id::text || ':' || $1) FROM e`,
        values: [userId, JSON.stringify(event)],
      });
    } catch (e) {
      this.log(`[realtime] publishing ${event.type} failed: ${String(e)}`);
    }
  }

  subscribe(userId: string, handler: (event: RealtimeEvent) => void) {
    this.localUsers.set(userId, (this.localUsers.get(userId) ?? 0) + 1);
    const off = this.local.subscribe(userId, handler);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      off();
      const n = (this.localUsers.get(userId) ?? 1) - 1;
      if (n <= 0) this.localUsers.delete(userId);
      else this.localUsers.set(userId, n);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pruneTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    await this.flushing;
    await this.pool.end();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'nestmate-realtime-listener' });
    client.on('error', (e) => this.dropped(client, e));
    client.on('end', () => this.dropped(client, null));
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const split = n.payload.indexOf(':');
      const id = Number(n.payload.slice(0, split));
      // Events for users with no socket here are only noted, not read.
      if (this.localUsers.has(n.payload.slice(split + 1))) this.pending.push(id);
      else if (!this.seen.has(id)) this.seen.set(id, this.newestAt);
      if (this.pending.length > 0) this.schedule();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.delay = this.baseDelay;
    // Everything committed while we were not listening (or before the first LISTEN took).
    this.schedule(this.newestAt - CATCH_UP_MARGIN_MS);
  }

  private dropped(client: pg.Client, e: Error | null) {
    if (this.listener !== client || this.closed) return;
    this.listener = null;
    this.log(`[realtime] listener connection lost${e ? `: ${e.message}` : ''}; reconnecting`);
    client.end().catch(() => {});
    this.reconnect();
  }

  private reconnect() {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((e) => {
        this.log(`[realtime] reconnect failed: ${String(e)}`);
        this.delay = Math.min(this.delay * 2, 5_000);
        this.reconnect();
      });
    }, this.delay);
    this.reconnectTimer.unref();
  }

  /** Reads and delivers the pending ids (or a catch-up from `since`), one batch at a time, in id order. */
  private schedule(since?: number) {
    this.flushing = this.flushing.then(async () => {
      try {
        if (since !== undefined) {
          const rows = await this.pool.query<EventRow>(
            'SELECT id, user_id, payload, created_at FROM realtime_events WHERE created_at >= $1 ORDER BY id',
            [since],
          );
          this.deliver(rows.rows);
        }
        if (this.pending.length === 0) return;
        const ids = this.pending.filter((id) => !this.seen.has(id));
        this.pending = [];
        if (ids.length === 0) return;
        const rows = await this.pool.query<EventRow>(
          'SELECT id, user_id, payload, created_at FROM realtime_events WHERE id = ANY($1::bigint[]) ORDER BY id',
          [ids],
        );
        this.deliver(rows.rows);
      } catch (e) {
        // The rows stay in the table: the next reconnect's catch-up reads them.
        this.log(`[realtime] reading events failed: ${String(e)}`);
        if (this.listener) {
          const listener = this.listener;
          this.dropped(listener, e instanceof Error ? e : new Error(String(e)));
        }
      }
    });
  }

  private deliver(rows: EventRow[]) {
    for (const row of rows) {
      const id = Number(row.id);
      if (this.seen.has(id)) continue;
      const at = Number(row.created_at);
      this.seen.set(id, at);
      this.newestAt = Math.max(this.newestAt, at);
      if (!this.localUsers.has(row.user_id)) continue;
      let event: RealtimeEvent;
      try {
        event = JSON.parse(row.payload) as RealtimeEvent;
      } catch {
        this.log(`[realtime] event ${id} is not JSON; skipped`);
        continue;
      }
      void this.local.publish(row.user_id, event);
    }
  }

  private async prune() {
    const cutoff = this.newestAt - RETENTION_MS;
    for (const [id, at] of this.seen) if (at < cutoff - CATCH_UP_MARGIN_MS) this.seen.delete(id);
    await this.pool
      .query('DELETE FROM realtime_events WHERE created_at < $1', [cutoff])
      .catch((e) => this.log(`[realtime] pruning failed: ${String(e)}`));
  }
}
