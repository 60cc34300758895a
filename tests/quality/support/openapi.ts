/**
 * The OpenAPI document as the quality suite reads it (issue 11): its operations, their declared
 * access, and an ajv validator for every declared response.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Access } from '../../../api/openapi';

export type JsonSchema = Record<string, unknown>;

type MediaType = { schema?: JsonSchema };
type ResponseObject = { description?: string; content?: Record<string, MediaType> };
type Parameter = { name: string; in: 'query' | 'path' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };

export type OperationObject = {
  summary?: string;
  'x-access'?: unknown;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
};

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  /** `POST /api/auth/sign-in` */
  id: string;
  method: string;
  /** The document's path, with `{param}` placeholders. */
  path: string;
  spec: OperationObject;
};

export const ACCESS_LEVELS = [
  'anonymous',
  'user',
  'owner',
  'match',
  'gold',
  'group-admin',
  'admin',
] as const satisfies readonly Access[];

// A compile-time check that the list above names every Access value, so a new level added to
// api/openapi.ts must be added here (and to the access-matrix kits) before the suite compiles.
type Missing = Exclude<Access, (typeof ACCESS_LEVELS)[number]>;
const everyAccessListed: Missing extends never ? true : never = true;
void everyAccessListed;

export const isAccess = (value: unknown): value is Access =>
  typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value);

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

export async function fetchDocument(fetchFn: (req: Request) => Response | Promise<Response>, origin: string) {
  const res = await fetchFn(new Request(`${origin}/api/openapi.json`));
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      ops.push({ id: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, spec });
    }
  }
  return ops.sort((a, b) => a.id.localeCompare(b.id));
}

const COMPONENTS_ID = 'nestmate:components';

/** Rewrites `#/components/schemas/X` so schemas compile on their own against the shared components. */
function rebase(schema: unknown, closeObjects: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rebase(s, closeObjects));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
      out[k] = `${COMPONENTS_ID}#/$defs/${v.slice('#/components/schemas/'.length)}`;
    } else if (k === 'properties' && v && typeof v === 'object') {
      // Property names are data here, not keywords: rebase each property's schema only.
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, rebase(s, closeObjects)]));
    } else {
      out[k] = rebase(v, closeObjects);
    }
  }
  // Responses are allow-lists (style habit 9): a field the document does not declare is a leak,
  // so response objects are validated as closed unless the document says otherwise.
  if (closeObjects && out.type === 'object' && out.properties && !('additionalProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

export type ResponseCheck = { ok: true } | { ok: false; reason: string };

const mediaBase = (type: string | null) => (type ?? '').split(';')[0]!.trim().toLowerCase();

/** Checks a response against what its operation declares: status, media type, body schema. */
export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebase(doc.components?.schemas ?? {}, true) });
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.ajv.compile(rebase(schema, true) as JsonSchema);
      this.cache.set(key, fn);
    }
    return fn;
  }

  check(op: Operation, res: { status: number; contentType: string | null; text: string }): ResponseCheck {
    if (res.status >= 500) return { ok: false, reason: `server error ${res.status}: ${res.text.slice(0, 300)}` };
    const declared = op.spec.responses[String(res.status)] ?? op.spec.responses.default;
    if (!declared) {
      return {
        ok: false,
        reason: `undeclared status ${res.status} (declared: ${Object.keys(op.spec.responses).join(', ')}): ${res.text.slice(0, 300)}`,
      };
    }
    const content = declared.content;
    if (!content || Object.keys(content).length === 0) {
      if (res.text.length > 0) return { ok: false, reason: `status ${res.status} declares no body but got one` };
      return { ok: true };
    }
    const type = mediaBase(res.contentType);
    const media = content[type];
    if (!media) {
      return {
        ok: false,
        reason: `status ${res.status} answered ${type || 'no content type'}, declared ${Object.keys(content).join(', ')}`,
      };
    }
    if (!media.schema) return { ok: true };
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return { ok: false, reason: `status ${res.status} body is not JSON: ${res.text.slice(0, 200)}` };
    }
    const validate = this.validator(`${op.id} ${res.status} ${type}`, media.schema);
    if (!validate(body)) {
      return {
        ok: false,
        reason: `status ${res.status} body does not match its schema: ${this.ajv.errorsText(validate.errors)}; body ${res.text.slice(0, 300)}`,
      };
    }
    if (type === 'application/problem+json' && (body as { status?: unknown }).status !== res.status) {
      return { ok: false, reason: `problem.status ${(body as { status?: unknown }).status} ≠ HTTP ${res.status}` };
    }
    return { ok: true };
  }
}

/** The JSON request body schema of an operation, with `$ref`s to components resolved (one level deep is enough for arbitraries). */
export function resolveRefs(doc: OpenApiDocument, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(doc, s));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const target = doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)];
    if (!target) throw new Error(`unresolved $ref ${ref}`);
    return resolveRefs(doc, target);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolveRefs(doc, v)]));
}

export function jsonBodySchema(doc: OpenApiDocument, op: Operation): JsonSchema | null {
  const schema = op.spec.requestBody?.content?.['application/json']?.schema;
  return schema ? (resolveRefs(doc, schema) as JsonSchema) : null;
}

/** Hono's `:param` form of a document path. */
export const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** A multipart body the operation accepts: its binary fields get a 1×1 PNG, the rest an example. */
export function multipartBody(doc: OpenApiDocument, op: Operation): FormData | null {
  const schema = op.spec.requestBody?.content?.['multipart/form-data']?.schema;
  if (!schema) return null;
  const resolved = resolveRefs(doc, schema) as { properties?: Record<string, { format?: string }> };
  const form = new FormData();
  for (const [name, prop] of Object.entries(resolved.properties ?? {})) {
    if (prop.format === 'binary') form.set(name, new File([TINY_PNG], `${name}.png`, { type: 'image/png' }));
    else form.set(name, 'x');
  }
  return form;
}

export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
