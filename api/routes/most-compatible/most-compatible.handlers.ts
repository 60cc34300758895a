import { OpenAPIHono } from '@hono/zod-openapi';
import {
  getMostCompatible,
  type MostCompatibleDeps,
  type MostCompatiblePick,
} from '../../../core/most-compatible/get-most-compatible';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './most-compatible.routes';

/** Allow-list mapper (style habit 9). */
const toPickDto = (p: MostCompatiblePick) => ({
  userId: p.card.userId,
  name: p.card.name,
  university: p.card.university,
  major: p.card.major,
  graduationYear: p.card.graduationYear,
  profilePhotoUrl: p.card.photos[0] ?? null,
  compatibilityScore: p.score,
  reasons: p.reasons,
  isSameUniversity: p.isSameUniversity,
  universityDistance: p.distanceMiles === null ? null : Math.round(p.distanceMiles * 10) / 10,
  badges: { ...p.card.badges },
});

export function mostCompatibleRouter(deps: MostCompatibleDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.mostCompatibleRoute, async (c) => {
    const user = requireUser(c);
    const today = unwrap(await getMostCompatible(deps, user.id));
    return c.json({ day: today.day, status: today.status, pick: today.pick ? toPickDto(today.pick) : null }, 200);
  });

  return app;
}
