/** Hardening every response gets (D28, issue 2 §4): headers, Origin check, JSON-only bodies. */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { DomainError } from '../../core/shared/errors';
import type { AppEnv } from '../context';
import { problemResponse } from '../errors';
import { type PlainHeaders, plainHeaders, replacePlainHeaders, requestHeader } from './fast-path';

export function contentSecurityPolicy(options: { stripe: boolean }): string {
  const stripe = options.stripe ? ' https://js.stripe.com' : '';
  const stripeFrames = options.stripe ? ' https://js.stripe.com https://checkout.stripe.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${stripe}`,
    `frame-src 'self'${stripeFrames}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'report-uri /api/csp-report',
  ].join('; ');
}

export function securityHeaders(options: { stripe: boolean; production: boolean }): MiddlewareHandler<AppEnv> {
  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ];
  const csp: [string, string] = ['Content-Security-Policy', contentSecurityPolicy(options)];
  const noStore: [string, string] = ['Cache-Control', 'no-store'];
  // What a response's own headers may not override (a route may set its own CSP; N182).
  const overridden = new Set([...fixed, noStore].map(([name]) => name.toLowerCase()));
  const cspName = csp[0].toLowerCase();
  const cacheControl = noStore[0].toLowerCase();
  return async (c, next) => {
    await next();
    const api = c.req.path.startsWith('/api/');
    // A response node-server will write from a plain object keeps it (N182): a new object, since a
    // route may have passed a shared one.
    const plain = plainHeaders(c.res);
    if (plain) {
      const headers: PlainHeaders = {};
      let hasCsp = false;
      for (const name in plain) {
        const lower = name.toLowerCase();
        if (lower === cspName) hasCsp = true;
        if (overridden.has(lower) && (api || lower !== cacheControl)) continue;
        headers[name] = plain[name] as PlainHeaders[string];
      }
      if (!hasCsp) headers[csp[0]] = csp[1];
      for (const [name, value] of fixed) headers[name] = value;
      if (api) headers[noStore[0]] = noStore[1];
      replacePlainHeaders(c.res, headers);
      return;
    }
    const h = c.res.headers;
    if (!h.has(csp[0])) h.set(csp[0], csp[1]);
    for (const [name, value] of fixed) h.set(name, value);
    if (api) h.set(noStore[0], noStore[1]);
  };
}

/** The client address: X-Forwarded-For only when TRUST_PROXY says a proxy we control sets it. */
export function clientInfo(options: { trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip: string | null = null;
    if (options.trustProxy) ip = requestHeader(c, 'x-forwarded-for')?.split(',')[0]?.trim() || null;
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address ?? null;
      } catch {
        ip = null; // app.request() in tests has no socket
      }
    }
    c.set('ip', ip);
    c.set('userAgent', requestHeader(c, 'user-agent')?.slice(0, 512) ?? null);
    c.set('user', null);
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin (D6). Requests without an Origin
 * header (curl, server-to-server) are let through: cookies are SameSite=Lax, so a browser on
 * another site cannot send them on a cross-site POST anyway.
 */
export function originCheck(allowedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = requestHeader(c, 'origin');
    if (origin && origin !== 'null' && !allowed.has(origin) && origin !== sameOrigin(c)) {
      return problemResponse(c, new DomainError('AUTH.BAD_ORIGIN', 'Cross-site requests are not allowed.'));
    }
    if (origin === 'null') {
      return problemResponse(c, new DomainError('AUTH.BAD_ORIGIN', 'Cross-site requests are not allowed.'));
    }
    return next();
  };
}

function sameOrigin(c: Context): string | null {
  const host = requestHeader(c, 'host');
  if (!host) return null;
  return `${new URL(c.req.url).protocol}//${host}`;
}

/** Bodies of API writes are JSON (or a CSP report); anything else is refused before parsing. */
export function jsonOnly(exempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    // A body without a content type reaches the validators and fails there as a 400.
    const type = requestHeader(c, 'content-type');
    if (type !== undefined && !/^application\/([\w.-]+\+)?json\b/i.test(type)) {
      return problemResponse(
        c,
        new DomainError('HTTP.UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'),
      );
    }
    return next();
  };
}
