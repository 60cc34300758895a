import { REALTIME_CLOSE } from '../../../../../core/messaging/ports';
import { backoffDelay, RealtimeClient, type ServerFrame, type SocketLike } from './realtime';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  ready() {
    this.readyState = 1;
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'ready' }) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

describe('realtime client', () => {
  afterEach(() => vi.useRealTimers());

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('reconnects with backoff, resets it once ready, and drops unknown frames', () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient(
      () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      () => 'ws://test/api/realtime',
    );
    const frames: ServerFrame[] = [];
    client.subscribe((f) => frames.push(f));
    const release = client.retain();
    expect(client.status).toBe('connecting');
    sockets[0]?.ready();
    expect(client.status).toBe('open');
    expect(client.send({ type: 'ping' })).toBe(true);
    sockets[0]?.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'mystery' }) }));
    expect(frames.map((f) => f.type)).toEqual(['ready']);

    sockets[0]?.drop();
    expect(client.status).toBe('down');
    expect(client.send({ type: 'ping' })).toBe(false);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.ready();
    sockets[2]?.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);

    release();
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(4);
  });

  it('refreshes the session when the server ends or expires it, then reconnects at once with the new cookie', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const refreshes: boolean[] = [];
    let refreshWorks = true;
    const client = new RealtimeClient(
      () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      () => 'ws://test/api/realtime',
      async () => {
        refreshes.push(refreshWorks);
        return refreshWorks;
      },
    );
    const release = client.retain();
    sockets[0]?.ready();

    // The access token expired: refresh over HTTP, then connect again without waiting for a backoff.
    sockets[0]?.drop(REALTIME_CLOSE.sessionExpired);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes).toEqual([true]);
    expect(sockets).toHaveLength(2);
    sockets[1]?.ready();
    expect(client.status).toBe('open');

    // An ordinary drop (a restart, the network) reconnects with backoff and does not refresh.
    sockets[1]?.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshes).toHaveLength(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.ready();

    // The session ended and cannot be refreshed (signed out elsewhere): back to the usual backoff.
    refreshWorks = false;
    sockets[2]?.drop(REALTIME_CLOSE.sessionEnded);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes).toEqual([true, false]);
    expect(sockets).toHaveLength(3);
    expect(client.status).toBe('down');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(4);
    release();
  });
});
