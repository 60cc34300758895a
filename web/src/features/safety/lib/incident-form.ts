import {
  type INCIDENT_TYPES,
  type IncidentInput,
  incidentErrors,
  type SEVERITIES,
} from '../../../../../core/safety/rules';
import type { SecurityIncidentRequest } from '../../../lib/api-types';

export type IncidentType = (typeof INCIDENT_TYPES)[number];
export type SeverityLevel = (typeof SEVERITIES)[number];
type ReportIncidentRequest = SecurityIncidentRequest;

/** The form's seven incident types and four severities (001 §5), with their labels. */
export const INCIDENT_TYPE_OPTIONS: ReadonlyArray<{ value: IncidentType; label: string }> = [
  { value: 'data_breach', label: 'Data breach' },
  { value: 'unauthorized_access', label: 'Unauthorized access' },
  { value: 'account_compromise', label: 'Account compromise' },
  { value: 'phishing_attempt', label: 'Phishing attempt' },
  { value: 'suspicious_activity', label: 'Suspicious activity' },
  { value: 'technical_vulnerability', label: 'Technical vulnerability' },
  { value: 'other', label: 'Other' },
];

export const SEVERITY_OPTIONS: ReadonlyArray<{ value: SeverityLevel; label: string }> = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
];

/** Incident response promises (001 §9), shown in the table and beside the chosen severity. */
export const RESPONSE_PROMISES: Record<SeverityLevel, { acknowledge: string; respond: string }> = {
  critical: { acknowledge: '15 minutes', respond: '1 hour' },
  high: { acknowledge: '2 hours', respond: '8 hours' },
  medium: { acknowledge: '24 hours', respond: '72 hours' },
  low: { acknowledge: '72 hours', respond: '1 week' },
};

export type IncidentFormValues = {
  incident_type: string;
  severity_level: string;
  subject: string;
  description: string;
  contact_email: string;
  affected_users_count: string;
  time_discovered: string;
  steps_taken: string;
};

export type IncidentField = keyof IncidentFormValues;

export const emptyIncidentForm = (): IncidentFormValues => ({
  incident_type: '',
  severity_level: '',
  subject: '',
  description: '',
  contact_email: '',
  affected_users_count: '',
  time_discovered: '',
  steps_taken: '',
});

function toInput(values: IncidentFormValues): IncidentInput {
  const count = values.affected_users_count.trim();
  // datetime-local has no zone: read it as the reporter's local time and send an instant.
  const discovered = values.time_discovered ? new Date(values.time_discovered) : null;
  return {
    incident_type: values.incident_type,
    severity_level: values.severity_level,
    subject: values.subject.trim(),
    description: values.description.trim(),
    contact_email: values.contact_email.trim(),
    affected_users_count: count === '' ? null : Number(count),
    time_discovered: discovered
      ? Number.isNaN(discovered.getTime())
        ? values.time_discovered
        : discovered.toISOString()
      : null,
    steps_taken: values.steps_taken.trim() === '' ? null : values.steps_taken.trim(),
  };
}

/**
 * Checks the form with the server's own rules (core/safety, style habit 8) and returns either
 * the request body or the first error of each field.
 */
export function parseIncidentForm(
  values: IncidentFormValues,
): { ok: true; body: ReportIncidentRequest } | { ok: false; errors: Partial<Record<IncidentField, string>> } {
  const input = toInput(values);
  const found = incidentErrors(input);
  if (found.length === 0) return { ok: true, body: input as ReportIncidentRequest };
  const errors: Partial<Record<IncidentField, string>> = {};
  for (const error of found) errors[error.path as IncidentField] ??= error.message;
  return { ok: false, errors };
}
