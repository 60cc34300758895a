import { OpenAPIHono } from '@hono/zod-openapi';
import { getHiddenWords, type HiddenWordRepository, setHiddenWords } from '../../../core/moderation/hidden-words';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './hidden-words.routes';

export function hiddenWordsRouter(deps: { hiddenWords: HiddenWordRepository } & LimitDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.getHiddenWordsRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ words: await getHiddenWords(deps, user.id) }, 200);
  });

  app.openapi(routes.putHiddenWordsRoute, async (c) => {
    const user = requireUser(c);
    const { words } = c.req.valid('json');
    await spendPerActor(deps, c, 'hidden-words', WRITE_LIMITS.hiddenWordsPerUser, WRITE_LIMITS.hiddenWordsPerIp);
    unwrap(await setHiddenWords(deps, { userId: user.id, words }));
    // Read back, so the answer is the list in the order every later GET gives.
    return c.json({ words: await getHiddenWords(deps, user.id) }, 200);
  });

  return app;
}
