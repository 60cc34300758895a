import { describe, expect, it, vi } from 'vitest';
import { parseServerFrame } from '../features/messaging/api/realtime';
import { z } from './zod';

// The frame schemas are built through this module's `z`: counted here (an ES module namespace cannot be spied on).
vi.mock('./zod', async (importActual) => {
  const actual = await importActual<typeof import('./zod')>();
  return { ...actual, z: { ...actual.z, object: vi.fn(actual.z.object) } };
});

describe('zod in the browser (issue 18)', () => {
  it('parses server frames without eval, which our Content-Security-Policy refuses', () => {
    const evalProbe = vi.spyOn(globalThis, 'Function');
    const frame = parseServerFrame({
      type: 'message.created',
      message: {
        id: 'm1',
        seq: 1,
        conversationId: 'c1',
        senderId: 'u1',
        content: 'Hi',
        createdAt: '2026-11-25T12:00:00.000Z',
        isRead: false,
      },
    });
    expect(frame).toMatchObject({ type: 'message.created', message: { warning: null, kind: 'text' } });
    expect(evalProbe).not.toHaveBeenCalled();
    evalProbe.mockRestore();
  });

  it('builds only the schema of the frame type that arrived, once (N255)', () => {
    const objects = vi.mocked(z.object);
    objects.mockClear();
    expect(parseServerFrame({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseServerFrame({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(objects).toHaveBeenCalledTimes(1);
  });

  it('drops a frame of an unknown type or of the wrong shape', () => {
    expect(parseServerFrame({ type: 'from-a-newer-server' })).toBeNull();
    expect(parseServerFrame({ type: 'toString' })).toBeNull();
    expect(parseServerFrame({ type: 'notification.read', unread: 'many' })).toBeNull();
    expect(parseServerFrame('ready')).toBeNull();
    expect(parseServerFrame(null)).toBeNull();
  });
});
