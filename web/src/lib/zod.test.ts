import { describe, expect, it, vi } from 'vitest';
import { serverFrame } from '../features/messaging/api/realtime';

describe('zod in the browser (issue 18)', () => {
  it('parses server frames without eval, which our Content-Security-Policy refuses', () => {
    const evalProbe = vi.spyOn(globalThis, 'Function');
    const frame = serverFrame().parse({
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
    expect(frame.type).toBe('message.created');
    expect(evalProbe).not.toHaveBeenCalled();
    evalProbe.mockRestore();
  });
});
