/** Blocks, reports, emergency contacts and security incidents: ports and use cases (issue 8). */
import type { Mailer } from '../accounts/ports';
import type { Clock } from '../shared/clock';
import { type DomainError, validationError } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import { cleanText } from '../shared/sanitize';
import {
  type ContactInput,
  contactErrors,
  INCIDENT_DEADLINES,
  type IncidentInput,
  incidentErrors,
  incidentPriority,
  normalizePhone,
  type Severity,
  safetyErrors,
} from './rules';

export type Contact = {
  id: string;
  name: string;
  phone: string;
  relationship: string;
  isPrimary: boolean;
  createdAt: Date;
  updatedAt: Date;
};
export type BlockedUser = {
  id: string;
  blockedUserId: string;
  name: string;
  profilePhotoUrl: string | null;
  createdAt: Date;
};

/** A report as filed (D20). */
export type NewReport = {
  id: string;
  reporterId: string;
  reportedUserId: string;
  category: string;
  severity: string;
  details: string | null;
  at: Date;
};

export interface SafetyRepository {
  userExists(userId: string): Promise<boolean>;
  block(input: {
    id: string;
    blockerId: string;
    blockedUserId: string;
    reason: string | null;
    at: Date;
  }): Promise<void>;
  blocks(blockerId: string): Promise<BlockedUser[]>;
  /** Removes the block only when it is the blocker's own; false otherwise. */
  unblock(blockerId: string, blockId: string): Promise<boolean>;
  /**
   * Files a pending report unless this reporter already has a pending one on this user (false
   * then); atomic, so concurrent duplicates store one.
   */
  report(input: NewReport): Promise<boolean>;
  contacts(userId: string): Promise<Contact[]>;
  /** Adds a contact; the first one becomes primary (001 §5). */
  addContact(userId: string, c: Omit<Contact, 'isPrimary'>): Promise<Contact>;
  updateContact(userId: string, id: string, c: ContactInput, at: Date): Promise<boolean>;
  deleteContact(userId: string, id: string): Promise<boolean>;
  /** Makes one contact primary and unsets the others, atomically. */
  setPrimary(userId: string, id: string, at: Date): Promise<boolean>;
  addIncident(i: {
    id: string;
    reporterId: string | null;
    input: IncidentInput;
    priority: string;
    acknowledgeBy: Date;
    respondBy: Date;
    at: Date;
  }): Promise<void>;
}

export type SafetyDeps = {
  clock: Clock;
  ids: IdGenerator;
  safety: SafetyRepository;
  mailer: Mailer;
  securityAlertEmail: string | null;
  log: (line: string) => void;
  /** After a block: the composition root closes their chat live on both sides (issue 17). */
  onBlocked?: (blockerId: string, blockedId: string) => Promise<void>;
};

export async function blockUser(deps: SafetyDeps, blockerId: string, input: { userId: string; reason: string | null }) {
  if (blockerId === input.userId) return err(safetyErrors.blockSelf());
  if (!(await deps.safety.userExists(input.userId))) return err(safetyErrors.userNotFound());
  const reason = input.reason ? cleanText(input.reason, { max: 500 }) : null;
  if (reason && !reason.ok) return err(validationError([{ path: 'reason', message: reason.message }]));
  await deps.safety.block({
    id: deps.ids.newId(),
    blockerId,
    blockedUserId: input.userId,
    reason: reason?.ok ? reason.value || null : null,
    at: deps.clock.now(),
  });
  await deps.onBlocked?.(blockerId, input.userId);
  return ok({ blocked: true as const });
}

export async function unblockUser(deps: SafetyDeps, blockerId: string, blockId: string) {
  return (await deps.safety.unblock(blockerId, blockId))
    ? ok({ unblocked: true as const })
    : err(safetyErrors.blockNotFound());
}

export async function reportUser(
  deps: SafetyDeps,
  reporterId: string,
  input: { userId: string; category: string; severity: string; details: string | null },
): Promise<Result<{ id: string }, DomainError>> {
  if (reporterId === input.userId || !(await deps.safety.userExists(input.userId)))
    return err(safetyErrors.userNotFound());
  const details = input.details ? cleanText(input.details, { max: 1000 }) : null;
  if (details && !details.ok) return err(validationError([{ path: 'details', message: details.message }]));
  const id = deps.ids.newId();
  // One open report per reporter and person (issue 14): repeating it adds nothing for the admins.
  const filed = await deps.safety.report({
    id,
    reporterId,
    reportedUserId: input.userId,
    category: input.category,
    severity: input.severity,
    details: details?.ok ? details.value || null : null,
    at: deps.clock.now(),
  });
  return filed ? ok({ id }) : err(safetyErrors.alreadyReported());
}

function checkedContact(input: ContactInput): Result<ContactInput, DomainError> {
  const errors = contactErrors(input);
  if (errors.length > 0) return err(validationError(errors));
  const name = cleanText(input.name, { required: true, max: 100 });
  return ok({
    name: name.ok ? name.value : input.name.trim(),
    phone: normalizePhone(input.phone),
    relationship: input.relationship,
  });
}

export async function addContact(deps: SafetyDeps, userId: string, input: ContactInput) {
  const c = checkedContact(input);
  if (!c.ok) return c;
  const now = deps.clock.now();
  return ok(await deps.safety.addContact(userId, { id: deps.ids.newId(), ...c.value, createdAt: now, updatedAt: now }));
}

export async function updateContact(deps: SafetyDeps, userId: string, id: string, input: ContactInput) {
  // Someone else's contact is "not found" before anything about the body is said.
  if (!(await deps.safety.contacts(userId)).some((x) => x.id === id)) return err(safetyErrors.contactNotFound());
  const c = checkedContact(input);
  if (!c.ok) return c;
  return (await deps.safety.updateContact(userId, id, c.value, deps.clock.now()))
    ? ok({ updated: true as const })
    : err(safetyErrors.contactNotFound());
}

export async function deleteContact(deps: SafetyDeps, userId: string, id: string) {
  return (await deps.safety.deleteContact(userId, id))
    ? ok({ deleted: true as const })
    : err(safetyErrors.contactNotFound());
}

export async function makePrimary(deps: SafetyDeps, userId: string, id: string) {
  return (await deps.safety.setPrimary(userId, id, deps.clock.now()))
    ? ok({ primary: true as const })
    : err(safetyErrors.contactNotFound());
}

/** 001 §4: status reported, priority from severity; critical also alerts the security team (D11). */
export async function reportIncident(deps: SafetyDeps, reporterId: string | null, input: IncidentInput) {
  const errors = incidentErrors(input);
  if (errors.length > 0) return err(validationError(errors));
  const now = deps.clock.now();
  const severity = input.severity_level as Severity;
  const deadlines = INCIDENT_DEADLINES[severity];
  const id = deps.ids.newId();
  const clean = (v: string, max: number) => {
    const c = cleanText(v, { max });
    return c.ok ? c.value : '';
  };
  const stored: IncidentInput = {
    ...input,
    subject: clean(input.subject, 200),
    description: clean(input.description, 5000),
    steps_taken: input.steps_taken ? clean(input.steps_taken, 5000) : null,
  };
  const acknowledgeBy = new Date(now.getTime() + deadlines.acknowledgeMs);
  const respondBy = new Date(now.getTime() + deadlines.respondMs);
  const priority = incidentPriority(severity);
  await deps.safety.addIncident({ id, reporterId, input: stored, priority, acknowledgeBy, respondBy, at: now });
  if (severity === 'critical') {
    if (deps.securityAlertEmail) {
      await deps.mailer.send({
        to: deps.securityAlertEmail,
        subject: `[CRITICAL] Security incident: ${stored.subject}`,
        text: [
          `A critical security incident was reported at ${now.toISOString()}.`,
          `Type: ${stored.incident_type}`,
          `Subject: ${stored.subject}`,
          `Contact: ${stored.contact_email}`,
          `Acknowledge by ${acknowledgeBy.toISOString()}, first response by ${respondBy.toISOString()}.`,
          `Incident id: ${id}`,
        ].join('\n'),
      });
    } else deps.log(`[security] CRITICAL incident ${id} reported; set SECURITY_ALERT_EMAIL to be mailed`);
  }
  return ok({ id, priority, status: 'reported', acknowledgeBy, respondBy });
}
