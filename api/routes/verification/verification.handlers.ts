import { OpenAPIHono } from '@hono/zod-openapi';
import { mediaUrl } from '../../../adapters/db/shared/media-url';
import type { SecurityEventLog } from '../../../core/accounts/ports';
import type { AdminRepository } from '../../../core/moderation/admin';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import { verificationErrors } from '../../../core/verification/errors';
import type { VerificationDeps } from '../../../core/verification/ports';
import { poseLabel } from '../../../core/verification/poses';
import { REJECT_REASONS } from '../../../core/verification/rules';
import {
  getTrustStatus,
  readSelfie,
  reviewVerification,
  startChallenge,
  submitSelfie,
  type TrustStatus,
} from '../../../core/verification/verification';
import type { AppEnv } from '../../context';
import { DomainFailure, unwrap } from '../../errors';
import { adminGuard } from '../../middleware/admin';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './verification.routes';

export const trustDto = (t: TrustStatus) => {
  const p = t.photo;
  return {
    emailConfirmed: t.emailConfirmed,
    school: { verified: t.school.verified, university: t.school.university },
    photo: {
      state: p.state,
      reason: p.state === 'rejected' ? p.reason : null,
      reasonLabel: p.state === 'rejected' && p.reason ? REJECT_REASONS[p.reason] : null,
      at:
        p.state === 'pending'
          ? p.submittedAt.toISOString()
          : p.state === 'rejected'
            ? (p.reviewedAt?.toISOString() ?? null)
            : null,
    },
    triesLeft: t.triesLeft,
    nextTryAt: t.nextTryAt?.toISOString() ?? null,
  };
};

type Deps = VerificationDeps &
  LimitDeps & { admin: Pick<AdminRepository, 'audit' | 'isActiveAdmin'>; securityLog: SecurityEventLog };

export function verificationRouter(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  const adminUser = adminGuard(deps);

  const trustOf = async (userId: string) => {
    const trust = await getTrustStatus(deps, userId);
    if (!trust) throw new DomainFailure(verificationErrors.notFound());
    return trustDto(trust);
  };

  app.openapi(routes.trustStatusRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ trust: await trustOf(user.id) }, 200);
  });

  app.openapi(routes.challengeRoute, async (c) => {
    const user = requireUser(c);
    const challenge = unwrap(await startChallenge(deps, user.id));
    return c.json({ challenge: { ...challenge, expiresAt: challenge.expiresAt.toISOString() } }, 200);
  });

  app.openapi(routes.submitSelfieRoute, async (c) => {
    const user = requireUser(c);
    const { challengeId, selfie } = c.req.valid('form');
    // Spent before the bytes are read and re-encoded, like photo uploads.
    await spendPerActor(deps, c, 'selfie-upload', WRITE_LIMITS.photoUploadsPerUser, WRITE_LIMITS.photoUploadsPerIp);
    const bytes = new Uint8Array(await selfie.arrayBuffer());
    unwrap(await submitSelfie(deps, user.id, { challengeId, bytes }));
    return c.json({ trust: await trustOf(user.id) }, 201);
  });

  app.openapi(routes.queueRoute, async (c) => {
    await adminUser(c);
    const items = await deps.verifications.queue(100);
    return c.json(
      {
        verifications: items.map((v) => ({
          id: v.id,
          userId: v.userId,
          email: v.email,
          name: v.name,
          university: v.university,
          pose: v.pose,
          poseLabel: poseLabel(v.pose),
          submittedAt: (v.submittedAt ?? v.createdAt).toISOString(),
          selfieUrl: `/api/admin/verifications/${encodeURIComponent(v.id)}/selfie`,
          mainPhotoId: v.mainPhotoId,
          mainPhotoChanged: v.mainPhotoId !== (v.photos[0]?.id ?? null),
          photos: v.photos.map((p) => ({ id: p.id, url: mediaUrl(p.key) })),
        })),
      },
      200,
    );
  });

  app.openapi(routes.selfieRoute, async (c) => {
    await adminUser(c);
    const found = unwrap(await readSelfie(deps, c.req.valid('param').verificationId));
    return c.body(found.bytes as unknown as ArrayBuffer, 200, {
      'Content-Type': found.contentType,
      'Cache-Control': 'private, no-store',
    }) as never;
  });

  app.openapi(routes.reviewRoute, async (c) => {
    const admin = await adminUser(c);
    const body = c.req.valid('json');
    const decision = body.decision === 'approve' ? body : { decision: 'reject' as const, reason: body.reason };
    return c.json(unwrap(await reviewVerification(deps, admin.id, c.req.valid('param').verificationId, decision)), 200);
  });

  return app;
}
