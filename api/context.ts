import type { OpenAPIHono } from '@hono/zod-openapi';

export type SessionUser = { id: string; email: string; sessionFamily: string };

/** Variables the middleware puts on every request. */
export type AppEnv = {
  Variables: {
    ip: string | null;
    userAgent: string | null;
    user: SessionUser | null;
  };
};

export type AppRouter = OpenAPIHono<AppEnv>;
