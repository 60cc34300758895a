import type { Endpoint, Endpoints, Problem, ProblemFieldError, UploadEndpoint, UploadEndpoints } from './api-types';

/** An error answer of the API, parsed from problem+json; `detail` is the user-facing message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** The problem's headline; for product errors the spec's title ("Daily Like Limit Reached"). */
  readonly title: string;
  readonly errors: ProblemFieldError[];

  constructor(problem: Problem) {
    // Only `detail` is meant for people; a missing one leaves the screen's fallback message in charge.
    const detail = problem.detail ?? '';
    super(detail || problem.title || `Request failed with status ${problem.status}`);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code ?? 'UNKNOWN';
    this.detail = detail;
    this.title = problem.title ?? '';
    this.errors = problem.errors ?? [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The message to show for a failed request: the server's detail, else the screen's fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.detail ? error.detail : fallback;

type Method = Endpoint extends `${infer M} ${string}` ? M : never;
type PathOf<E extends Endpoint> = E extends `${string} ${infer P}` ? P : never;

// Auth endpoints answer 401 for their own reasons; refreshing on them would loop (docs/api-accounts.md).
const isAuthPath = (path: string) => path.startsWith('/api/auth/');

async function parseError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const body = (await response.json()) as Partial<Problem>;
      return new ApiError({ ...body, status: response.status });
    } catch (error) {
      console.error('Unreadable error body', error);
    }
  }
  return new ApiError({ status: response.status, title: response.statusText || undefined });
}

// Concurrent 401s share one refresh so a rotating refresh token is only spent once.
let refreshing: Promise<boolean> | null = null;

/** Renews the session cookies; false when the session cannot be renewed (signed out). */
export function refreshSession(): Promise<boolean> {
  refreshing ??= send('POST', '/api/auth/refresh')
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function send(method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  // FormData sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  return fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined || isForm
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
}

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** `{ params }` is required exactly when the path has `{placeholders}`. */
type ParamsOption<P extends string> = [ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<P>, string> };

/** Fills `{name}` placeholders with URL-encoded values. */
function fillPath(path: string, params?: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
}

type RequestOptions<E extends Endpoint> = ([Endpoints[E]['body']] extends [never]
  ? { body?: undefined }
  : { body: Endpoints[E]['body'] }) & { query?: Record<string, string> } & ParamsOption<PathOf<E>>;

type HasRequired<E extends Endpoint> = [Endpoints[E]['body']] extends [never]
  ? [ParamNames<PathOf<E>>] extends [never]
    ? false
    : true
  : true;

async function call(method: string, path: string, body: unknown, query?: Record<string, string>): Promise<unknown> {
  let response = await send(method, path, body, query);
  if (response.status === 401 && !isAuthPath(path) && (await refreshSession())) {
    response = await send(method, path, body, query);
  }
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/**
 * Calls one endpoint of the contract. On a 401 from a non-auth endpoint it refreshes the
 * session once and retries; any non-2xx answer is thrown as an ApiError.
 */
export async function api<E extends Endpoint>(
  endpoint: E,
  ...[options]: HasRequired<E> extends true ? [RequestOptions<E>] : [RequestOptions<E>?]
): Promise<Endpoints[E]['response']> {
  const [method, path] = endpoint.split(' ') as [Method, PathOf<E>];
  const opts = options as
    | { body?: unknown; query?: Record<string, string>; params?: Record<string, string> }
    | undefined;
  return (await call(method, fillPath(path, opts?.params), opts?.body, opts?.query)) as Endpoints[E]['response'];
}

/**
 * Calls a multipart endpoint (a file upload): each field becomes a form part. Same refresh and
 * error handling as `api`; the browser sets the multipart boundary.
 */
export async function apiUpload<E extends UploadEndpoint>(
  endpoint: E,
  fields: { [K in keyof UploadEndpoints[E]['fields']]: Blob | string },
): Promise<UploadEndpoints[E]['response']> {
  const [method, path] = endpoint.split(' ') as [string, string];
  const form = new FormData();
  for (const [name, value] of Object.entries(fields) as [string, Blob | string][]) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value instanceof File ? value.name : 'blob');
  }
  return (await call(method, path, form)) as UploadEndpoints[E]['response'];
}
