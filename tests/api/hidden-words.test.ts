/**
 * Hidden words (issue 15, "What people see"): the list each user keeps, replaced whole, validated on
 * the server, limited like other writes, exported with the account and erased with it.
 */
import { processDataRequests } from '../../core/privacy/data-requests';
import { WRITE_LIMITS } from '../../core/shared/rate-limit';
import { makeTestApp, signedInClient } from '../support/test-app';

describe('hidden words (issue 15)', () => {
  it('starts empty, replaces the list whole, and keeps each user to their own', async () => {
    const t = makeTestApp();
    const a = await signedInClient(t, 'hw-a@ucla.edu');
    const b = await signedInClient(t, 'hw-b@ucla.edu');
    expect(await a.get('/api/hidden-words')).toMatchObject({ status: 200, json: { words: [] } });
    const saved = await a.put('/api/hidden-words', { words: ['  rent ', 'Rent', '🍑'] });
    expect(saved.status).toBe(200);
    expect(saved.json.words.sort()).toEqual(['rent', '🍑'].sort());
    await b.put('/api/hidden-words', { words: ['venmo'] });
    expect((await a.put('/api/hidden-words', { words: ['deposit'] })).json).toEqual({ words: ['deposit'] });
    expect((await a.get('/api/hidden-words')).json).toEqual({ words: ['deposit'] });
    expect((await b.get('/api/hidden-words')).json).toEqual({ words: ['venmo'] });
    expect((await a.put('/api/hidden-words', { words: [] })).json).toEqual({ words: [] });
  });

  it('refuses a bad list with a clear problem and changes nothing', async () => {
    const t = makeTestApp();
    const a = await signedInClient(t, 'hw-bad@ucla.edu');
    await a.put('/api/hidden-words', { words: ['keep'] });
    const tooLong = await a.put('/api/hidden-words', { words: ['ok', 'x'.repeat(51)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.detail).toBe('Hidden words can be at most 50 characters');
    expect(tooLong.json.errors).toEqual([{ path: 'words.1', message: 'Hidden words can be at most 50 characters' }]);
    const empty = await a.put('/api/hidden-words', { words: ['  '] });
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe('Enter a word or emoji to hide');
    const tooMany = await a.put('/api/hidden-words', { words: Array.from({ length: 101 }, (_, i) => `w${i}x`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.detail).toBe('You can hide at most 100 words');
    expect((await a.put('/api/hidden-words', { words: 'rent' })).status).toBe(400);
    expect((await a.put('/api/hidden-words', { words: ['a'], extra: 1 })).status).toBe(400);
    expect((await a.get('/api/hidden-words')).json).toEqual({ words: ['keep'] });
    expect((await t.client().get('/api/hidden-words')).status).toBe(401);
    expect((await t.client().put('/api/hidden-words', { words: ['x'] })).status).toBe(401);
  });

  it('limits saves per user under a burst, and a refused save changes nothing', async () => {
    const t = makeTestApp();
    const a = await signedInClient(t, 'hw-burst@ucla.edu');
    const limit = WRITE_LIMITS.hiddenWordsPerUser.limit;
    const replies = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) => a.put('/api/hidden-words', { words: [`w${i}x`] })),
    );
    const count = (s: number) => replies.filter((r) => r.status === s).length;
    expect({ 200: count(200), 429: count(429) }).toEqual({ 200: limit, 429: 5 });
    const saved = (await a.get('/api/hidden-words')).json.words;
    const accepted = replies.flatMap((r, i) => (r.status === 200 ? [[`w${i}x`]] : []));
    expect(accepted).toContainEqual(saved);
  });

  it('exports the list with the account and erases it with the account', async () => {
    const t = makeTestApp();
    const a = await signedInClient(t, 'hw-export@ucla.edu');
    const id = (await a.get('/api/me')).json.user.id as string;
    await a.put('/api/hidden-words', { words: ['deposit'] });
    const req = (await a.post('/api/data-requests', { requestType: 'export' })).json.request;
    await processDataRequests({ clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy }, { erase: false });
    const dl = await a.get(`/api/data-requests/${req.id}/download`);
    expect(dl.json.hidden_words).toEqual([expect.objectContaining({ word: 'deposit' })]);
    expect((await a.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
    await processDataRequests({ clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy }, { erase: true });
    expect(await t.db.users.findById(id)).toBeNull();
    expect(await t.db.hiddenWords.list(id)).toEqual([]);
  });
});
