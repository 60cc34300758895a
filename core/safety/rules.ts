/**
 * Safety rules (001 §3, §5, §9; D20): blocks and reports, emergency contacts, security incidents.
 */

import { emailErrors } from '../accounts/rules';
import type { FieldError } from '../shared/errors';
import { DomainError } from '../shared/errors';
import { cleanText, textErrors } from '../shared/sanitize';

export const RELATIONSHIPS = [
  'Emergency Contact',
  'Parent',
  'Guardian',
  'Sibling',
  'Spouse',
  'Partner',
  'Friend',
  'Other Family',
] as const;

export const SAFETY_MESSAGES = {
  contactName: 'Contact name is required',
  contactPhone: 'Contact phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  relationship: 'Please choose one of the listed options.',
  saveContactFailed: 'Failed to save emergency contact. Please try again.',
  contactNotFound: 'Emergency contact not found.',
  blockSelf: "You can't block yourself.",
  notFound: 'That person could not be found.',
  blockNotFound: 'Blocked user not found.',
  reportSubmitted: 'Thanks for your report. Our team will review it.',
  alreadyReported: 'You have already reported this person. Our team will review your report.',
} as const;

export const safetyErrors = {
  contactNotFound: () => new DomainError('SAFETY.CONTACT_NOT_FOUND', SAFETY_MESSAGES.contactNotFound),
  blockSelf: () => new DomainError('SAFETY.BLOCK_SELF', SAFETY_MESSAGES.blockSelf),
  userNotFound: () => new DomainError('SAFETY.USER_NOT_FOUND', SAFETY_MESSAGES.notFound),
  blockNotFound: () => new DomainError('SAFETY.BLOCK_NOT_FOUND', SAFETY_MESSAGES.blockNotFound),
  alreadyReported: () => new DomainError('SAFETY.ALREADY_REPORTED', SAFETY_MESSAGES.alreadyReported),
};

/** 001 §5: strip spaces, dashes and parentheses; then an optional plus, a digit 1-9 and up to 15 digits. */
export const normalizePhone = (raw: string) => raw.replace(/[\s\-()]/g, '');
const PHONE = /^\+?[1-9]\d{0,15}$/;

/** A stored number for display (issue 17): U.S. numbers as `(310) 555-0142`, others as stored. */
export function formatPhone(stored: string): string {
  const digits = normalizePhone(stored);
  const us = /^(?:\+?1)?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : stored;
}

export type ContactInput = { name: string; phone: string; relationship: string };

export function contactErrors(input: ContactInput): FieldError[] {
  const errors: FieldError[] = [];
  if (input.name.trim().length === 0) errors.push({ path: 'name', message: SAFETY_MESSAGES.contactName });
  else {
    const t = textErrors(input.name, { max: 100 });
    if (t[0]) errors.push({ path: 'name', message: t[0] });
  }
  if (input.phone.trim().length === 0) errors.push({ path: 'phone', message: SAFETY_MESSAGES.contactPhone });
  else if (!PHONE.test(normalizePhone(input.phone)))
    errors.push({ path: 'phone', message: SAFETY_MESSAGES.phoneInvalid });
  if (!(RELATIONSHIPS as readonly string[]).includes(input.relationship)) {
    errors.push({ path: 'relationship', message: SAFETY_MESSAGES.relationship });
  }
  return errors;
}

export const REPORT_CATEGORIES = [
  'harassment',
  'scam',
  'fake_profile',
  'inappropriate_content',
  'safety_concern',
  'other',
] as const;
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const INCIDENT_TYPES = [
  'data_breach',
  'unauthorized_access',
  'account_compromise',
  'phishing_attempt',
  'suspicious_activity',
  'technical_vulnerability',
  'other',
] as const;

/** 001 §4: priority from severity. */
export const incidentPriority = (s: Severity) => (s === 'critical' ? 'urgent' : s === 'high' ? 'high' : 'normal');

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 001 §9 incident response promises: acknowledgement and initial response. */
export const INCIDENT_DEADLINES: Record<Severity, { acknowledgeMs: number; respondMs: number }> = {
  critical: { acknowledgeMs: 15 * MIN, respondMs: HOUR },
  high: { acknowledgeMs: 2 * HOUR, respondMs: 8 * HOUR },
  medium: { acknowledgeMs: 24 * HOUR, respondMs: 72 * HOUR },
  low: { acknowledgeMs: 72 * HOUR, respondMs: 7 * 24 * HOUR },
};

export type IncidentInput = {
  incident_type: string;
  severity_level: string;
  subject: string;
  description: string;
  contact_email: string;
  affected_users_count: number | null;
  time_discovered: string | null;
  steps_taken: string | null;
};

export function incidentErrors(i: IncidentInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!(INCIDENT_TYPES as readonly string[]).includes(i.incident_type))
    errors.push({ path: 'incident_type', message: 'Please choose an incident type.' });
  if (!(SEVERITIES as readonly string[]).includes(i.severity_level))
    errors.push({ path: 'severity_level', message: 'Please choose a severity level.' });
  for (const [path, value, max] of [
    ['subject', i.subject, 200],
    ['description', i.description, 5000],
  ] as const) {
    const c = cleanText(value, { required: true, max });
    if (!c.ok) errors.push({ path, message: c.message });
  }
  const email = emailErrors(i.contact_email, { requireEdu: false });
  if (email[0]) errors.push({ path: 'contact_email', message: email[0] });
  if (i.affected_users_count !== null && (!Number.isInteger(i.affected_users_count) || i.affected_users_count < 0)) {
    errors.push({ path: 'affected_users_count', message: 'Affected users must be 0 or more.' });
  }
  if (i.time_discovered !== null && Number.isNaN(Date.parse(i.time_discovered))) {
    errors.push({ path: 'time_discovered', message: 'Please enter a valid date and time.' });
  }
  if (i.steps_taken) {
    const c = cleanText(i.steps_taken, { max: 5000 });
    if (!c.ok) errors.push({ path: 'steps_taken', message: c.message });
  }
  return errors;
}
