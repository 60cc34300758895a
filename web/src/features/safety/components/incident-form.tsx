import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { TextareaField } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useReportIncident } from '../api/report-incident';
import {
  emptyIncidentForm,
  INCIDENT_TYPE_OPTIONS,
  type IncidentField,
  type IncidentFormValues,
  parseIncidentForm,
  RESPONSE_PROMISES,
  SEVERITY_OPTIONS,
} from '../lib/incident-form';

export const SECURITY_EMAIL = 'security@nestmate.app';
// 001 §8, with the address filled in.
const FAILURE = `Failed to submit security report. For urgent matters, please email ${SECURITY_EMAIL} directly.`;

const FIELD_ORDER: IncidentField[] = [
  'incident_type',
  'severity_level',
  'subject',
  'description',
  'contact_email',
  'affected_users_count',
  'time_discovered',
  'steps_taken',
];

const Required = ({ children }: { children: ReactNode }) => (
  <>
    {children}
    <span className="text-danger-700" aria-hidden="true">
      {' '}
      *
    </span>
  </>
);

/** The security incident form of 001 §5; anyone may send it, signed in or not (001 §6). */
export function IncidentForm() {
  const [values, setValues] = useState<IncidentFormValues>(emptyIncidentForm);
  const [errors, setErrors] = useState<Partial<Record<IncidentField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const report = useReportIncident();

  const set = (field: IncidentField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseIncidentForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const first = FIELD_ORDER.find((field) => parsed.errors[field]);
      // Move focus to the first field to fix, so keyboard and screen-reader users land on it.
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    report.mutate(parsed.body, {
      onSuccess: () => {
        toast.success('Security report submitted', {
          description: 'Thank you. Our security team replies within 24 hours.',
        });
        setValues(emptyIncidentForm());
        setErrors({});
      },
      onError: () => toast.error('Error', { description: FAILURE }),
    });
  }

  const severity = values.severity_level as keyof typeof RESPONSE_PROMISES;
  const promise = RESPONSE_PROMISES[severity];

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="incident-form-heading"
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-ink-600">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="incident_type"
          label="Incident type"
          required
          placeholder="Choose a type"
          value={values.incident_type}
          onChange={set('incident_type')}
          options={INCIDENT_TYPE_OPTIONS}
          error={errors.incident_type}
        />
        <div className="flex flex-col gap-1.5">
          <SelectField
            name="severity_level"
            label="Severity"
            required
            placeholder="Choose a severity"
            value={values.severity_level}
            onChange={set('severity_level')}
            options={SEVERITY_OPTIONS}
            error={errors.severity_level}
          />
          {promise && (
            <p className="text-sm text-ink-600" aria-live="polite">
              We acknowledge within {promise.acknowledge} and respond within {promise.respond}.
            </p>
          )}
        </div>
      </div>
      <TextField
        name="subject"
        label={<Required>Subject</Required>}
        aria-required
        maxLength={200}
        value={values.subject}
        onChange={(e) => set('subject')(e.target.value)}
        error={errors.subject}
        placeholder="e.g. Suspicious sign-in e-mail asking for my password"
      />
      <TextareaField
        name="description"
        label={<Required>Description</Required>}
        aria-required
        rows={5}
        value={values.description}
        onChange={(e) => set('description')(e.target.value)}
        error={errors.description}
        hint="What happened, where you saw it, and any links or screenshots we can look at."
      />
      <TextField
        name="contact_email"
        type="email"
        autoComplete="email"
        label={<Required>Contact e-mail</Required>}
        aria-required
        value={values.contact_email}
        onChange={(e) => set('contact_email')(e.target.value)}
        error={errors.contact_email}
        hint="We only use it to follow up on this report."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="affected_users_count"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          label="Affected users (optional)"
          value={values.affected_users_count}
          onChange={(e) => set('affected_users_count')(e.target.value)}
          error={errors.affected_users_count}
        />
        <TextField
          name="time_discovered"
          type="datetime-local"
          label="Time discovered (optional)"
          value={values.time_discovered}
          onChange={(e) => set('time_discovered')(e.target.value)}
          error={errors.time_discovered}
        />
      </div>
      <TextareaField
        name="steps_taken"
        label="Steps taken (optional)"
        rows={3}
        value={values.steps_taken}
        onChange={(e) => set('steps_taken')(e.target.value)}
        error={errors.steps_taken}
        hint="For example: changed my password, signed out other sessions, reported the message."
      />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-600">
          Urgent? E-mail{' '}
          <a className="font-semibold text-brand-700 underline underline-offset-4" href={`mailto:${SECURITY_EMAIL}`}>
            {SECURITY_EMAIL}
          </a>
        </p>
        <Button type="submit" loading={report.isPending} loadingText="Submitting…">
          Submit Security Report
        </Button>
      </div>
    </form>
  );
}
