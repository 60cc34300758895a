/** Hardening every response gets (D28, issue 2 §4): headers, Origin check, JSON-only bodies. */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { DomainError } from '../../core/shared/errors';
import type { AppEnv } from '../context';
import { problemResponse } from '../errors';

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
  const csp = contentSecurityPolicy(options);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
    h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) h.set('Cache-Control', 'no-store');
  };
}

/** The client address: X-Forwarded-For only when TRUST_PROXY says a proxy we control sets it. */
export function clientInfo(options: { trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip: string | null = null;
    if (options.trustProxy) ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || null;
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address ?? null;
      } catch {
        ip = null; // app.request() in tests has no socket
      }
    }
    c.set('ip', ip);
    c.set('userAgent', c.req.header('user-agent')?.slice(0, 512) ?? null);
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
    const origin = c.req.header('origin');
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
  const host = c.req.header('host');
  if (!host) return null;
  return `${new URL(c.req.url).protocol}//${host}`;
}

/** Bodies of API writes are JSON (or a CSP report); anything else is refused before parsing. */
export function jsonOnly(exempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    // A body without a content type reaches the validators and fails there as a 400.
    const type = c.req.header('content-type');
    if (type !== undefined && !/^application\/([\w.-]+\+)?json\b/i.test(type)) {
      return problemResponse(
        c,
        new DomainError('HTTP.UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'),
      );
    }
    return next();
  };
}
