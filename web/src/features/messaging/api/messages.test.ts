import { QueryClient } from '@tanstack/react-query';
import type { Message } from './conversations';
import { addMessage, type MessagePage, markOwnRead, mergeMessages } from './messages';

const ME = 'me';
const THEM = 'them';
const CONVERSATION = 'c1';
const key = ['messaging', 'messages', CONVERSATION];

const message = (seq: number, senderId: string, isRead = false): Message => ({
  id: `m${seq}`,
  seq,
  conversationId: CONVERSATION,
  senderId,
  content: `message ${seq}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, seq)).toISOString(),
  isRead,
  warning: null,
  pendingReview: false,
  kind: 'text',
});

const readFlags = (client: QueryClient) => client.getQueryData<MessagePage>(key)?.messages.map((m) => [m.id, m.isRead]);

describe('message cache (issue 5 read receipts)', () => {
  it('merges by id in sequence order, and a stale copy never un-reads a message', () => {
    const merged = mergeMessages([message(2, ME, true), message(1, THEM)], [message(2, ME), message(3, ME)]);
    expect(merged.map((m) => [m.id, m.isRead])).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
  });

  it('applies a live receipt to messages it covers that reach the cache after it', () => {
    const client = new QueryClient();
    client.setQueryData<MessagePage>(key, { messages: [message(1, THEM)], hasEarlier: false });

    // Their receipt for my message 2 overtakes message 2 itself (its frame or the send's 201).
    markOwnRead(client, CONVERSATION, THEM, 2);
    addMessage(client, message(2, ME));
    addMessage(client, message(3, ME));
    addMessage(client, message(4, THEM));

    expect(readFlags(client)).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
      ['m4', false],
    ]);
  });
});
