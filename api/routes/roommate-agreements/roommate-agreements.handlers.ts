import { OpenAPIHono } from '@hono/zod-openapi';
import type { Agreement } from '../../../core/roommate-agreements/model';
import type { RoommateAgreementDeps } from '../../../core/roommate-agreements/ports';
import {
  type AgreementView,
  acceptVersion,
  addExpense,
  answerCheckIn,
  type CheckInView,
  type CostsView,
  getAgreement,
  getCheckIn,
  getCosts,
  proposeVersion,
  recordSettlement,
  startAgreement,
} from '../../../core/roommate-agreements/roommate-agreements';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './roommate-agreements.routes';

/** Allow-list mappers (style habit 9). */
const toAgreementDto = (a: Agreement) => ({
  id: a.id,
  conversationId: a.conversationId,
  currentVersion: a.currentVersion,
  acceptedVersion: a.acceptedVersion,
  acceptedAt: a.acceptedAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
  versions: a.versions.map((v) => ({
    version: v.version,
    terms: v.terms,
    parties: v.parties,
    proposedBy: v.proposedBy,
    createdAt: v.createdAt.toISOString(),
    acceptances: v.acceptances.map((x) => ({ userId: x.userId, acceptedAt: x.acceptedAt.toISOString() })),
  })),
});

const toViewDto = (v: AgreementView) => ({
  agreement: v.agreement ? toAgreementDto(v.agreement) : null,
  people: v.people.map((p) => ({ userId: p.userId, name: p.name, active: p.active })),
  parties: v.parties,
});

export function roommateAgreementsRouter(deps: RoommateAgreementDeps & LimitDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Every write spends from one budget, reserved before the work (N40, N145).
  const spend = (c: Parameters<typeof spendPerActor>[1]) =>
    spendPerActor(
      deps,
      c,
      'roommate-agreement',
      WRITE_LIMITS.roommateAgreementWritesPerUser,
      WRITE_LIMITS.roommateAgreementWritesPerIp,
    );

  /** The costs with the names of everyone the ledger mentions. */
  const costsDto = async (c: CostsView) => {
    const people = await deps.agreements.people(c.balances.map((b) => b.userId));
    return {
      version: c.version,
      parties: c.parties,
      people: people.map((p) => ({ userId: p.userId, name: p.name, active: p.active })),
      shares: c.shares,
      rentCents: c.terms.rent.monthlyCents,
      rentMethod: c.terms.rent.split.method,
      bills: c.terms.bills.map((b) => ({ name: b.name, monthlyCents: b.monthlyCents, method: b.split.method })),
      expenses: c.expenses.map((e) => ({
        id: e.id,
        kind: e.kind,
        description: e.description,
        amountCents: e.amountCents,
        paidBy: e.paidBy,
        forUserIds: e.forUserIds,
        createdAt: e.createdAt.toISOString(),
      })),
      balances: c.balances,
      transfers: c.transfers,
    };
  };

  app.openapi(routes.getAgreementRoute, async (c) => {
    const user = requireUser(c);
    return c.json(toViewDto(unwrap(await getAgreement(deps, user.id, c.req.valid('param').conversationId))), 200);
  });

  app.openapi(routes.startAgreementRoute, async (c) => {
    const user = requireUser(c);
    await spend(c);
    const started = unwrap(await startAgreement(deps, user.id, c.req.valid('param').conversationId));
    return started.created ? c.json(toViewDto(started), 201) : c.json(toViewDto(started), 200);
  });

  app.openapi(routes.proposeVersionRoute, async (c) => {
    const user = requireUser(c);
    await spend(c);
    const { conversationId } = c.req.valid('param');
    return c.json(toViewDto(unwrap(await proposeVersion(deps, user.id, conversationId, c.req.valid('json')))), 201);
  });

  app.openapi(routes.acceptVersionRoute, async (c) => {
    const user = requireUser(c);
    await spend(c);
    const { conversationId } = c.req.valid('param');
    const { version } = c.req.valid('json');
    return c.json(toViewDto(unwrap(await acceptVersion(deps, user.id, conversationId, version))), 200);
  });

  app.openapi(routes.getCostsRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await costsDto(unwrap(await getCosts(deps, user.id, c.req.valid('param').conversationId))), 200);
  });

  app.openapi(routes.addExpenseRoute, async (c) => {
    const user = requireUser(c);
    await spend(c);
    const { conversationId } = c.req.valid('param');
    unwrap(await addExpense(deps, user.id, conversationId, c.req.valid('json')));
    return c.json(await costsDto(unwrap(await getCosts(deps, user.id, conversationId))), 201);
  });

  app.openapi(routes.settleRoute, async (c) => {
    const user = requireUser(c);
    await spend(c);
    const { conversationId } = c.req.valid('param');
    unwrap(await recordSettlement(deps, user.id, conversationId, c.req.valid('json')));
    return c.json(await costsDto(unwrap(await getCosts(deps, user.id, conversationId))), 201);
  });

  const checkInDto = (v: CheckInView) => ({
    due: v.due,
    answered: v.answered,
    acceptedAt: v.acceptedAt?.toISOString() ?? null,
  });

  app.openapi(routes.getCheckInRoute, async (c) => {
    const user = requireUser(c);
    return c.json(checkInDto(unwrap(await getCheckIn(deps, user.id, c.req.valid('param').conversationId))), 200);
  });

  app.openapi(routes.answerCheckInRoute, async (c) => {
    const user = requireUser(c);
    await spend(c);
    const { conversationId } = c.req.valid('param');
    return c.json(checkInDto(unwrap(await answerCheckIn(deps, user.id, conversationId, c.req.valid('json')))), 201);
  });

  return app;
}
