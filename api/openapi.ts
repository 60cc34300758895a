/** Shared OpenAPI pieces: the problem schema and the standard error responses of every route. */
import { z } from '@hono/zod-openapi';

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().openapi({ description: "The user-facing message, verbatim from the product's wording" }),
    code: z.string().openapi({ example: 'ACCOUNTS.INVALID_CREDENTIALS' }),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem');

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Body is not JSON',
  429: 'Rate limited',
  500: 'Unexpected error (no internals shown)',
  503: 'Temporarily unavailable (see Retry-After), or a service this deployment does not offer',
};

export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

const problem = (status: ProblemStatus) => ({
  description: DESCRIPTIONS[status] ?? 'Error',
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/**
 * Every route declares every status it can return. Each route lists its own; 500 is always
 * possible, and so is 503 while the database is unreachable (issue 14), and routes that take a
 * JSON body can also answer 400, 413 and 415, and any
 * state-changing route 403 (the Origin check of D6), 413 and 415: the body limit and the
 * JSON-only check run on every API write, body or not (found by the issue 11 fuzzer).
 */
export function problems(statuses: ProblemStatus[], options: { body?: boolean; mutating?: boolean } = {}) {
  const all = new Set<ProblemStatus>([...statuses, 500, 503]);
  if (options.body) for (const s of [400, 413, 415] as const) all.add(s);
  if (options.mutating) for (const s of [403, 413, 415] as const) all.add(s);
  return Object.fromEntries([...all].sort().map((s) => [s, problem(s)])) as Record<
    ProblemStatus,
    ReturnType<typeof problem>
  >;
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The session cookie security scheme, referenced by routes that need a signed-in user. */
export const SESSION_SECURITY = [{ sessionCookie: [] }];

/**
 * Who may call an operation (issue 11's access matrix). Every route states it in
 * `x-access`; the route-inventory test fails for a route without one.
 */
export type Access = 'anonymous' | 'user' | 'owner' | 'match' | 'gold' | 'group-admin' | 'admin';

/** Issue 16's badges, on every card, list and header that shows another student. */
export const TrustBadgesSchema = z
  .object({
    schoolVerified: z
      .boolean()
      .openapi({ description: "The school of the student's confirmed address is the school on their profile" }),
    photoVerified: z.boolean().openapi({ description: 'An admin matched a live selfie to their current main photo' }),
  })
  .openapi('TrustBadges');
