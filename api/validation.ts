/** Turns a zod validation failure at the edge into the VALIDATION problem (400). */
import type { Hook } from '@hono/zod-openapi';
import { GENERIC_MESSAGES, validationError } from '../core/shared/errors';
import type { AppEnv } from './context';
import { problemResponse } from './errors';

// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by every route, whatever its schemas.
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const fields = result.error.issues.map((issue) => {
    const path = issue.path.join('.') || result.target;
    const message =
      issue.code === 'unrecognized_keys'
        ? `${GENERIC_MESSAGES.invalidInput}: unknown field ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type' && issue.input === undefined
          ? GENERIC_MESSAGES.required
          : issue.code === 'too_big' && issue.origin === 'string'
            ? `Text is too long (maximum ${issue.maximum} characters)`
            : GENERIC_MESSAGES.invalidInput;
    return { path, message };
  });
  return problemResponse(c, validationError(fields));
};
