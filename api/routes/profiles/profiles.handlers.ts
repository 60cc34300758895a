import { OpenAPIHono } from '@hono/zod-openapi';
import { deletePhoto, reorderPhotos, uploadPhoto } from '../../../core/profiles/photos';
import type { ProfileDeps } from '../../../core/profiles/ports';
import { suggest } from '../../../core/profiles/rules';
import { completeProfile, updateProfile } from '../../../core/profiles/save-profile';
import { ownSchool } from '../../../core/profiles/school';
import { getOwnProfile, viewProfile } from '../../../core/profiles/view-profile';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import { toOwnProfileDto, toPublicProfileDto } from './profiles.mappers';
import * as routes from './profiles.routes';

const photoDto = (photos: { id: string; url: string }[]) => ({ photos: photos.map((p) => ({ id: p.id, url: p.url })) });

export function profilesRouter(deps: ProfileDeps & LimitDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.listPromptsRoute, async (c) => {
    requireUser(c);
    return c.json({ prompts: await deps.prompts.listActive() }, 200);
  });

  app.openapi(routes.universitiesRoute, (c) =>
    c.json({ items: suggest(deps.directory.universities(), c.req.valid('query').q ?? '') }, 200),
  );

  app.openapi(routes.majorsRoute, (c) =>
    c.json({ items: suggest(deps.directory.majors(), c.req.valid('query').q ?? '') }, 200),
  );

  app.openapi(routes.getOwnProfileRoute, async (c) => {
    const user = requireUser(c);
    const profile = await getOwnProfile(deps, user.id);
    return c.json({ profile: toOwnProfileDto(profile, await ownSchool(deps, profile)) }, 200);
  });

  app.openapi(routes.uploadPhotoRoute, async (c) => {
    const user = requireUser(c);
    const { photo } = c.req.valid('form');
    // Spent before the bytes are read and re-encoded: the expensive part is what the limit protects.
    await spendPerActor(deps, c, 'photo-upload', WRITE_LIMITS.photoUploadsPerUser, WRITE_LIMITS.photoUploadsPerIp);
    const bytes = new Uint8Array(await photo.arrayBuffer());
    return c.json(photoDto(unwrap(await uploadPhoto(deps, user.id, { name: photo.name, bytes }))), 201);
  });

  app.openapi(routes.deletePhotoRoute, async (c) => {
    const user = requireUser(c);
    return c.json(photoDto(unwrap(await deletePhoto(deps, user.id, c.req.valid('param').photoId))), 200);
  });

  app.openapi(routes.reorderPhotosRoute, async (c) => {
    const user = requireUser(c);
    return c.json(photoDto(unwrap(await reorderPhotos(deps, user.id, c.req.valid('json').photoIds))), 200);
  });

  app.openapi(routes.completeProfileRoute, async (c) => {
    const user = requireUser(c);
    const profile = unwrap(await completeProfile(deps, user.id, c.req.valid('json')));
    return c.json({ profile: toOwnProfileDto(profile, await ownSchool(deps, profile)) }, 200);
  });

  app.openapi(routes.updateProfileRoute, async (c) => {
    const user = requireUser(c);
    const profile = unwrap(await updateProfile(deps, user.id, c.req.valid('json')));
    return c.json({ profile: toOwnProfileDto(profile, await ownSchool(deps, profile)) }, 200);
  });

  app.openapi(routes.viewProfileRoute, async (c) => {
    const user = requireUser(c);
    const profile = unwrap(await viewProfile(deps, user.id, c.req.valid('param').userId));
    return c.json({ profile: toPublicProfileDto(profile) }, 200);
  });

  return app;
}
