/**
 * The hidden-words API of api/routes/hidden-words (issue 15), backed by the in-memory db. The list is
 * validated with core's rules, as on the server.
 */
import { HttpResponse, http } from 'msw';
import { validateHiddenWords } from '../../../core/moderation/hidden-words';
import { db } from './db';

const problem = (status: number, code: string, title: string, detail: string, errors?: unknown) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title, status, detail, code, errors },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
const signedIn = () => db.session.getAll().length > 0;
const unauthenticated = () => problem(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');
const words = () => db.hiddenWord.getAll().map((w) => w.word);

export function seedHiddenWords(list: string[]) {
  for (const word of list) db.hiddenWord.create({ word });
}

export const hiddenWordsHandlers = [
  http.get('/api/hidden-words', () => (signedIn() ? HttpResponse.json({ words: words() }) : unauthenticated())),

  http.put('/api/hidden-words', async ({ request }) => {
    if (!signedIn()) return unauthenticated();
    const body = (await request.json()) as { words: string[] };
    const valid = validateHiddenWords(body.words);
    if (!valid.ok) return problem(400, 'VALIDATION', 'Validation failed', valid.error.message, valid.error.fields);
    db.hiddenWord.deleteMany({ where: { id: { notEquals: '' } } });
    seedHiddenWords(valid.value);
    return HttpResponse.json({ words: words() });
  }),
];
