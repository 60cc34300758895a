/**
 * Route fuzzing from the OpenAPI document (issue 11 §1): every operation gets valid and hostile
 * requests, each sent anonymously and as a signed-in user through the real app. Every answer
 * has a declared status, matches its declared schema, and is never a 5xx.
 */
import fc from 'fast-check';
import { sha256Digest, uuidIds } from '../../adapters/crypto/crypto';
import { rawSql } from '../support/students';
import { makeTestApp, signedInClient, TEST_ORIGIN } from '../support/test-app';
import {
  hostileValue,
  hugeString,
  jsonContentType,
  malformedJson,
  mutatedValue,
  unicodeString,
  validValue,
  wrongContentType,
} from './support/arbitraries';
import { FUZZ_RUNS, seedFor } from './support/fuzz-config';
import {
  fetchDocument,
  type JsonSchema,
  jsonBodySchema,
  multipartBody,
  type Operation,
  operationsOf,
  ResponseValidator,
} from './support/openapi';

type Kind = 'valid' | 'mutated' | 'malformed' | 'wrong-content-type' | 'no-content-type' | 'oversized' | 'no-body';

type FuzzRequest = {
  kind: Kind;
  label: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
};

const EDGE_CODES = new Set(['VALIDATION', 'HTTP.PAYLOAD_TOO_LARGE', 'HTTP.UNSUPPORTED_MEDIA_TYPE', 'AUTH.BAD_ORIGIN']);

// Mostly no Origin or our own, so most requests get past the Origin check (D6) to the handlers.
const origin = fc.oneof(
  { arbitrary: fc.constant<string | undefined>(undefined), weight: 6 },
  { arbitrary: fc.constant(TEST_ORIGIN), weight: 6 },
  { arbitrary: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000.evil.example'), weight: 1 },
);

function paramValue(schema: JsonSchema | undefined, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: validValue(schema ?? { type: 'string' }, name).map((v) => String(v)), weight: 4 },
    { arbitrary: unicodeString, weight: 1 },
    { arbitrary: hugeString.map((s) => s.slice(0, 3_000)), weight: 1 },
    { arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? ''), weight: 1 },
  );
}

function pathAndQuery(op: Operation): fc.Arbitrary<string> {
  const params = op.spec.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc
    .tuple(...pathParams.map((p) => paramValue(p.schema, p.name).map((v) => [p.name, v] as const)))
    .map((pairs) =>
      pairs.reduce(
        (path, [name, v]) => path.replace(`{${name}}`, encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
        op.path,
      ),
    );
  const queryArb = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.oneof(
          fc.constant([] as [string, string][]),
          paramValue(p.schema, p.name).map((v) => [[p.name, v]] as [string, string][]),
          // Repeated keys: some parsers turn them into arrays.
          fc
            .array(paramValue(p.schema, p.name), { minLength: 2, maxLength: 3 })
            .map((vs) => vs.map((v) => [p.name, v] as [string, string])),
        ),
      ),
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { maxLength: 2 }),
    )
    .map((parts) => new URLSearchParams(parts.flat() as [string, string][]).toString());
  return fc.tuple(pathArb, queryArb).map(([p, q]) => (q ? `${p}?${q}` : p));
}

function bodyArbitrary(doc: Parameters<typeof jsonBodySchema>[0], op: Operation) {
  const schema = jsonBodySchema(doc, op);
  type Body = { kind: Kind; label: string; contentType?: string; body?: string | FormData };
  const arms: { arbitrary: fc.Arbitrary<Body>; weight: number }[] = [];
  if (schema) {
    const valid = validValue(schema);
    arms.push(
      {
        arbitrary: fc.tuple(valid, jsonContentType).map(([v, ct]) => ({
          kind: 'valid' as const,
          label: `valid body as ${ct}`,
          contentType: ct,
          body: JSON.stringify(v),
        })),
        weight: 5,
      },
      {
        arbitrary: mutatedValue(schema).map((m) => ({
          kind: 'mutated' as const,
          label: m.label,
          contentType: 'application/json',
          body: JSON.stringify(m.value) ?? 'null',
        })),
        weight: 5,
      },
      {
        arbitrary: fc.tuple(valid, wrongContentType).map(([v, ct]) => ({
          kind: 'wrong-content-type' as const,
          label: `valid body as ${ct}`,
          contentType: ct,
          body: JSON.stringify(v),
        })),
        weight: 1,
      },
      {
        arbitrary: valid.map((v) => ({
          kind: 'no-content-type' as const,
          label: 'valid body without a content type',
          body: JSON.stringify(v),
        })),
        weight: 1,
      },
      {
        arbitrary: valid.map((v) => ({
          kind: 'oversized' as const,
          label: 'valid body padded past the body limit',
          contentType: 'application/json',
          body: JSON.stringify({ ...(v as object), padding: 'p'.repeat(70_000) }),
        })),
        weight: 1,
      },
    );
  } else if (op.spec.requestBody?.content?.['multipart/form-data']) {
    // A fresh form per request: a FormData body can be read once.
    arms.push(
      {
        arbitrary: fc.constant(null).map(() => ({
          kind: 'valid' as const,
          label: 'valid multipart form',
          body: multipartBody(doc, op) ?? undefined,
        })),
        weight: 5,
      },
      { arbitrary: fc.constant({ kind: 'no-body' as const, label: 'no body' }), weight: 2 },
    );
  } else {
    arms.push({ arbitrary: fc.constant({ kind: 'no-body' as const, label: 'no body' }), weight: 5 });
  }
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    arms.push({
      arbitrary: fc.tuple(malformedJson, fc.oneof(jsonContentType, wrongContentType)).map(([body, ct]) => ({
        kind: 'malformed' as const,
        label: `malformed body ${JSON.stringify(body.slice(0, 40))} as ${ct}`,
        contentType: ct,
        body,
      })),
      weight: 2,
    });
  }
  return fc.oneof(...arms);
}

function requestArbitrary(doc: Parameters<typeof jsonBodySchema>[0], op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(pathAndQuery(op), origin, bodyArbitrary(doc, op)).map(([path, o, b]) => {
    const headers: Record<string, string> = {};
    if (o !== undefined) headers.origin = o;
    if (b.contentType !== undefined) headers['content-type'] = b.contentType;
    return { kind: b.kind, label: `${b.label}${o ? ` from ${o}` : ''}`, path, headers, body: b.body };
  });
}

// The fuzzed app: in memory, fixed clock. One signed-in user, with a fresh session per request
// so sign-out, refresh and password resets among the cases cannot sign the fuzzer out.
const t = makeTestApp();
const doc = await fetchDocument(t.app.fetch, TEST_ORIGIN);
const validator = new ResponseValidator(doc);
await signedInClient(t, 'fuzz.user@ucla.edu');
const user = await t.db.users.findByEmail('fuzz.user@ucla.edu');
if (!user) throw new Error('fuzz user missing');
const userId = user.id;
// A fuzzed account-deletion request hides the account (D25); every operation starts from an active one.
beforeEach(() => {
  rawSql(t).prepare(`UPDATE users SET status = 'active' WHERE id = ?`).run(userId);
});

/** The cookies sign-in would set (core/accounts/sessions.ts), minus its ~40 ms argon2 verify. */
async function mintCookie(): Promise<string> {
  const now = t.clock.now();
  const family = uuidIds.newId();
  const refresh = `fuzz-${uuidIds.newId()}`;
  await t.db.refreshTokens.create({
    id: uuidIds.newId(),
    userId,
    familyId: family,
    tokenHash: sha256Digest.digest(refresh),
    expiresAt: new Date(now.getTime() + 86_400_000),
    revokedAt: null,
  });
  const access = await t.accountDeps.accessTokens.sign(
    { userId, sessionFamily: family },
    new Date(now.getTime() + 600_000),
  );
  return `nm_at=${access}; nm_rt=${refresh}`;
}

async function send(op: Operation, req: FuzzRequest, cookie: string | null) {
  const headers = new Headers(req.headers);
  if (cookie) headers.set('cookie', cookie);
  const body = req.body instanceof FormData ? (multipartBody(doc, op) ?? undefined) : req.body;
  const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${req.path}`, { method: op.method, headers, body }));
  const text = await res.text();
  let code: string | null = null;
  try {
    code = (JSON.parse(text) as { code?: string }).code ?? null;
  } catch {
    code = null;
  }
  return { status: res.status, contentType: res.headers.get('content-type'), text, code };
}

const operations = operationsOf(doc);

describe('the fuzzer itself', () => {
  it('covers every operation of the document and signs its user in', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(14);
    const me = await send(
      operations.find((o) => o.id === 'GET /api/me')!,
      { kind: 'no-body', label: '', path: '/api/me', headers: {} },
      await mintCookie(),
    );
    expect(me.status).toBe(200);
  });
});

describe.each(operations.map((op) => [op.id, op] as const))('fuzzing %s', (_id, op) => {
  it(`answers ${FUZZ_RUNS} generated requests, anonymous and signed in, as declared`, async () => {
    const reached = { anonymous: 0, user: 0 };
    const hasJsonOnlyBody =
      op.spec.requestBody !== undefined && Object.keys(op.spec.requestBody.content ?? {}).join() === 'application/json';
    await fc.assert(
      fc.asyncProperty(requestArbitrary(doc, op), async (req) => {
        for (const caller of ['anonymous', 'user'] as const) {
          const res = await send(op, req, caller === 'user' ? await mintCookie() : null);
          const verdict = validator.check(op, res);
          if (!verdict.ok) throw new Error(`${caller}, ${req.label} → ${verdict.reason}`);
          if ((req.kind === 'valid' || req.kind === 'no-body') && !(res.code && EDGE_CODES.has(res.code)))
            reached[caller]++;
          // Refusals the edge must always make, whoever calls.
          if (!req.headers.origin || req.headers.origin === TEST_ORIGIN) {
            if (req.kind === 'oversized') expect(res.status, `${caller}, ${req.label}`).toBe(413);
            if (req.kind === 'wrong-content-type' && hasJsonOnlyBody)
              expect(res.status, `${caller}, ${req.label}`).toBe(415);
            if (
              req.kind === 'malformed' &&
              op.spec.requestBody?.required &&
              /json/i.test(req.headers['content-type'] ?? '')
            )
              expect(res.status, `${caller}, ${req.label}`).toBeGreaterThanOrEqual(400);
          }
        }
      }),
      { numRuns: FUZZ_RUNS, seed: seedFor(op.id), endOnFailure: true },
    );
    // Valid requests must reach the handler, or the fuzzer is only testing the validators.
    expect(reached.user, 'valid requests that got past the edge, signed in').toBeGreaterThan(0);
  });
});
