/** Contracts of the hidden-words list (issue 15, "What people see"). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Moderation'];
const HiddenWords = z
  .object({ words: z.array(z.string()).openapi({ example: ['rent paid in other ways', '🍑'] }) })
  .openapi('HiddenWords');

export const getHiddenWordsRoute = createRoute({
  method: 'get',
  path: '/api/hidden-words',
  tags,
  summary: 'Your hidden words and emoji: incoming messages containing one are collapsed',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(HiddenWords, 'Your list'),
    ...problems([401]),
  },
});

export const putHiddenWordsRoute = createRoute({
  method: 'put',
  path: '/api/hidden-words',
  tags,
  summary: 'Replace your hidden words (at most 100, each 1–50 characters; duplicates are dropped)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    // Loose caps that only bound the work; core gives the product's messages for the real limits.
    body: jsonBody(z.strictObject({ words: z.array(z.string().max(1000)).max(1000) })),
  },
  responses: {
    200: jsonResponse(HiddenWords, 'The list as saved'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});
