/**
 * fast-check arbitraries built from the OpenAPI document's JSON Schemas: values a schema accepts,
 * and the hostile inputs of issue 11 (wrong types, missing and extra fields, huge strings,
 * unicode, nulls, extreme numbers, malformed JSON, wrong content types, oversized bodies).
 */
import fc from 'fast-check';
import type { JsonSchema } from './openapi';

/** Fields a client must never be able to set (mass assignment, issue 11 §2). */
export const PRIVILEGED_FIELDS: Record<string, unknown> = {
  id: '00000000-0000-4000-8000-000000000000',
  userId: '00000000-0000-4000-8000-000000000000',
  user_id: '00000000-0000-4000-8000-000000000000',
  role: 'admin',
  isAdmin: true,
  is_admin: true,
  is_premium: true,
  isPremium: true,
  verified: true,
  is_student_verified: true,
  email_confirmed_at: 0,
  status: 'active',
  permissions: ['*'],
};

/** Values of the wrong type, or of the right type at its extremes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    -2147483649,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
    '',
    ' ',
    '\u0000',
    '0',
    'null',
    'true',
    [],
    {},
    [null],
    { $gt: '' },
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Strings that stress encodings: lone surrogates, NUL, RTL overrides, combining marks, emoji. */
export const unicodeString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constantFrom(
    '\uD800',
    '\uDFFF\uD800',
    'a\u0000b',
    '\u202Eevil.edu',
    'e\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦'.repeat(20),
    'ＡＢＣ@ｕｃｌａ.ｅｄｕ',
    'İ@ucla.edu',
    '\uFEFFsam@ucla.edu',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00%2e%2e',
  ),
);

/** Huge strings: beyond every declared maxLength, some beyond the body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(1_001, 5_000, 70_000, 200_000), fc.constantFrom('a', 'é', '😀', '\\', '"'))
  .map(([n, ch]) => ch.repeat(n));

/** Domain-shaped strings by property name, so valid requests also get past the core rules. */
const NAMED_STRINGS: Record<string, fc.Arbitrary<string>> = {
  email: fc.oneof(
    fc.emailAddress({ size: 'small' }).map((e) => e.replace(/\.[^.@]+$/, '.edu')),
    fc.emailAddress({ size: 'small' }),
  ),
  password: fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ'), minLength: 1, maxLength: 3 }),
      fc.string({ unit: fc.constantFrom(...'abcdefghjkmnpqrstuvwxyz'), minLength: 4, maxLength: 10 }),
      fc.integer({ min: 10, max: 99 }),
      fc.constantFrom('!', '#', '-', '_', '?'),
    )
    .map(([a, b, n, s]) => `${a}${b}${n}${s}`),
  // A browser's push subscription (issue 19): a push service URL, a P-256 point and a 16-byte secret.
  endpoint: fc
    .string({ unit: fc.constantFrom(...'abcXYZ019_-'), minLength: 1, maxLength: 30 })
    .map((tail) => `https://fcm.googleapis.com/fcm/send/${tail}`),
  p256dh: fc.uint8Array({ minLength: 64, maxLength: 64 }).map((xy) => Buffer.from([4, ...xy]).toString('base64url')),
  auth: fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64url')),
};

function stringArbitrary(schema: JsonSchema, name: string | undefined): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: Math.min(max, 40) }),
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.min(max, 40) }),
    // Exactly at the limit, where off-by-one bugs live.
    fc.constant('x'.repeat(Math.max(min, Math.min(max, 5_000)))),
  ];
  if (typeof schema.example === 'string') options.push(fc.constant(schema.example));
  if (Array.isArray(schema.examples)) options.push(fc.constantFrom(...(schema.examples as string[])));
  if (schema.format === 'date-time') options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  const named = name ? NAMED_STRINGS[name] : undefined;
  const weighted = named ? [{ arbitrary: named, weight: 4 }] : [];
  return fc
    .oneof(...weighted, ...options.map((arbitrary) => ({ arbitrary, weight: 1 })))
    .filter((s) => [...s].length >= min && [...s].length <= max);
}

/** A value the schema accepts. Supports the JSON Schema subset zod-openapi emits. */
export function validValue(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, name)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => validValue({ ...schema, type }, name)));
  }
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1_000_000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1_000_000,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e6,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArbitrary(schema, name);
    case 'array':
      return fc.array(validValue((schema.items as JsonSchema) ?? {}), {
        minLength: typeof schema.minItems === 'number' ? schema.minItems : 0,
        maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, 5),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validValue(s, k)])), {
        requiredKeys: required,
      });
      return record as fc.Arbitrary<unknown>;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Mutation = { label: string; value: unknown };

/** The string-valued and object-valued paths of a value, so mutations can reach nested fields. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const out: string[][] = [];
  for (const [k, v] of Object.entries(value)) {
    out.push([...prefix, k]);
    out.push(...paths(v, [...prefix, k]));
  }
  return out;
}

function setAt(value: unknown, path: string[], next: unknown, remove = false): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A valid value with one hostile change, labelled for the failure report. */
export function mutatedValue(schema: JsonSchema): fc.Arbitrary<Mutation> {
  return validValue(schema).chain((valid) => {
    const keys = paths(valid);
    const extraName = fc.oneof(fc.constantFrom(...Object.keys(PRIVILEGED_FIELDS)), fc.string({ maxLength: 12 }));
    const top: fc.Arbitrary<Mutation>[] = [
      fc.constant({ label: 'top-level null', value: null }),
      hostileValue.map((value) => ({ label: 'top-level hostile value', value })),
      fc.constant({ label: 'array of the valid body', value: [valid] }),
      extraName.chain((k) =>
        hostileValue.map((v) => ({ label: `extra field ${JSON.stringify(k)}`, value: setAt(valid, [k], v) })),
      ),
      fc.constant({
        label: 'deeply nested extra field',
        value: setAt(valid, ['nested'], JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`)),
      }),
    ];
    if (keys.length === 0) return fc.oneof(...top);
    const key = fc.constantFrom(...keys);
    return fc.oneof(
      ...top,
      key.map((k) => ({ label: `missing ${k.join('.')}`, value: setAt(valid, k, undefined, true) })),
      key.chain((k) => hostileValue.map((v) => ({ label: `wrong type at ${k.join('.')}`, value: setAt(valid, k, v) }))),
      key.chain((k) => hugeString.map((v) => ({ label: `huge string at ${k.join('.')}`, value: setAt(valid, k, v) }))),
      key.chain((k) =>
        unicodeString.map((v) => ({ label: `unicode string at ${k.join('.')}`, value: setAt(valid, k, v) })),
      ),
      key.map((k) => ({ label: `null at ${k.join('.')}`, value: setAt(valid, k, null) })),
    );
  });
}

/** Bodies that are not JSON at all, or JSON that breaks parsers. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":',
    'nul',
    'undefined',
    'NaN',
    '1e999',
    '-',
    '[',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '\uFEFF{}',
    '{"email":"a@ucla.edu","email":"b@ucla.edu"}',
    `${'['.repeat(100_000)}`,
    "{'single':'quotes'}",
    '{"a":1,}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue().map((v) => {
    const text = JSON.stringify(v);
    return text.slice(0, Math.max(0, text.length - 1));
  }),
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/csp-report',
  'application/javascript',
  '*/*',
  'garbage',
);

/** Content types that should be read as JSON (the JSON-only check accepts +json and parameters). */
export const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/problem+json',
  'application/vnd.api+json',
);

/** One deterministic value the schema accepts: examples first, every optional field filled. */
export function exampleValue(schema: JsonSchema, name?: string, defaults: Record<string, unknown> = {}): unknown {
  if (name !== undefined && name in defaults) return defaults[name];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.example !== undefined) return schema.example;
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.[0]) return exampleValue(alternatives[0], name, defaults);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type ?? 'object'];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'string':
      return 'x'.repeat(Math.max(1, typeof schema.minLength === 'number' ? schema.minLength : 1));
    case 'array':
      return [exampleValue((schema.items as JsonSchema) ?? {}, undefined, defaults)];
    default: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, exampleValue(s, k, defaults)]));
    }
  }
}
