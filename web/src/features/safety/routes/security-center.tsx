import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { BoltIcon, ChatIcon, CheckIcon, LockIcon, MailIcon, ShieldIcon } from '../../../components/ui/icons';
import { PageShell } from '../../../components/ui/page-shell';
import { IncidentForm, SECURITY_EMAIL } from '../components/incident-form';
import { type BackLink, Prose, Section } from '../components/prose';
import { RESPONSE_PROMISES, SEVERITY_OPTIONS } from '../lib/incident-form';

const STATUS = [
  {
    icon: <ShieldIcon className="size-6" />,
    value: 'All Systems Secure',
    label: 'No open incidents affecting members',
  },
  { icon: <BoltIcon className="size-6" />, value: '15 min', label: 'Critical response' },
  { icon: <ChatIcon className="size-6" />, value: '24/7', label: 'Security support' },
];

// What the platform actually does (D6, D25, D27, D28).
const MEASURES: Array<{ title: string; text: ReactNode }> = [
  {
    title: 'Strong password hashing',
    text: 'Passwords are hashed with argon2id, the current OWASP recommendation. We never store or see your password.',
  },
  {
    title: 'Signed, short-lived sessions',
    text: 'Sessions use signed tokens that expire after 15 minutes and rotate, in httpOnly cookies scripts cannot read. Signing out revokes them.',
  },
  {
    title: 'Content Security Policy',
    text: 'A strict CSP only lets the browser run our own code, blocks the app from being framed, and reports violations to us.',
  },
  {
    title: 'Encryption in transit',
    text: 'Every connection to Nestmate, including chat and call signalling, is encrypted with TLS.',
  },
  {
    title: 'Least-privilege admin access',
    text: 'Only a small number of named administrators can see reports or moderate content, and every request checks their role on the server.',
  },
  {
    title: 'Audit logs',
    text: 'Administrator actions and security events are recorded in audit logs, kept for 3 and 2 years.',
  },
];

function scrollToForm() {
  const form = document.getElementById('report-incident');
  form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // Move focus with the view so keyboard users continue from the form.
  document.getElementById('incident-form-heading')?.focus({ preventScroll: true });
}

/** Security Center (001 §2, §5, §9): status, measures, response promises, disclosure and the incident form. */
export function SecurityCenterRoute({ back }: { back: BackLink }) {
  return (
    <PageShell title="Security Center" back={back}>
      <p className="max-w-[70ch] text-lg leading-relaxed text-ink-800">
        How we protect your account and your data, and how to tell us when something looks wrong. Anyone can report a
        security incident, with or without an account.
      </p>

      <ul aria-label="Security status" className="mt-8 grid gap-3 sm:grid-cols-3">
        {STATUS.map((status, index) => (
          <li
            key={status.label}
            className={
              index === 0
                ? 'flex items-center gap-4 rounded-card border border-success-700/20 bg-success-50 p-5 sm:flex-col sm:items-start'
                : 'flex items-center gap-4 rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:flex-col sm:items-start'
            }
          >
            <span
              className={
                index === 0
                  ? 'flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-success-700'
                  : 'flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700'
              }
            >
              {status.icon}
            </span>
            <div>
              <p
                className={index === 0 ? 'text-lg font-bold text-success-700' : 'text-2xl font-extrabold text-ink-900'}
              >
                {status.value}
              </p>
              <p className="text-sm text-ink-600">{status.label}</p>
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a
          href={`mailto:${SECURITY_EMAIL}?subject=Security%20emergency`}
          className={buttonClasses('destructive', 'md')}
        >
          <MailIcon className="size-5" />
          Emergency: Email Security Team
        </a>
        <Button variant="secondary" onClick={scrollToForm}>
          Report an Incident
        </Button>
      </div>

      <div className="mt-12 flex flex-col gap-12">
        <section aria-labelledby="measures-heading">
          <h2 id="measures-heading" className="text-heading text-ink-900 md:text-2xl">
            How we protect you
          </h2>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {MEASURES.map((measure) => (
              <li key={measure.title} className="flex gap-3 rounded-card border border-ink-200/70 bg-white p-5">
                <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                  <CheckIcon className="size-4" />
                </span>
                <div>
                  <h3 className="font-bold text-ink-900">{measure.title}</h3>
                  <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-700">{measure.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="response-heading">
          <h2 id="response-heading" className="text-heading text-ink-900 md:text-2xl">
            Incident response times
          </h2>
          <p className="mt-3 max-w-[70ch] text-[1.0625rem] leading-relaxed text-ink-700">
            Every report is read by a person. The security team replies within 24 hours, sooner for serious issues:
          </p>
          <section
            aria-label="Response times table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1).
            tabIndex={0}
            className="mt-4 overflow-x-auto rounded-field border border-ink-200 bg-white"
          >
            <table className="w-full border-collapse text-left text-sm sm:text-[0.95rem]">
              <caption className="sr-only">Acknowledgment and initial response time by severity</caption>
              <thead className="bg-ink-100 text-ink-900">
                <tr>
                  <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
                    Severity
                  </th>
                  <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
                    Acknowledgment
                  </th>
                  <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
                    Initial response
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...SEVERITY_OPTIONS].reverse().map((severity) => (
                  <tr key={severity.value} className="border-t border-ink-200">
                    <th scope="row" className="px-3 py-2.5 sm:px-4 font-semibold text-ink-900">
                      {severity.label}
                    </th>
                    <td className="px-3 py-2.5 sm:px-4 text-ink-700">
                      {RESPONSE_PROMISES[severity.value].acknowledge}
                    </td>
                    <td className="px-3 py-2.5 sm:px-4 text-ink-700">{RESPONSE_PROMISES[severity.value].respond}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>

        <section id="report-incident" aria-labelledby="incident-form-heading" className="scroll-mt-24">
          <Card className="flex flex-col gap-2">
            <h2 id="incident-form-heading" tabIndex={-1} className="text-heading text-ink-900 outline-none md:text-2xl">
              Report a security incident
            </h2>
            <p className="mb-3 text-ink-600">
              Tell us about a compromised account, a phishing message pretending to be Nestmate, a vulnerability or
              anything else that puts members at risk.
            </p>
            <IncidentForm />
          </Card>
        </section>

        <section
          aria-labelledby="disclosure-heading"
          className="rounded-card border border-brand-200 bg-brand-50 p-6 sm:p-8"
        >
          <h2 id="disclosure-heading" className="flex items-center gap-2 text-heading text-brand-900">
            <LockIcon className="size-5" />
            Responsible disclosure
          </h2>
          <Prose className="mt-3 text-brand-900">
            <p>We welcome reports from security researchers. If you follow these rules, we will not pursue action:</p>
            <ul>
              <li>Only test against your own accounts, and never access, change or delete other members’ data.</li>
              <li>Do not run denial-of-service, spam or social-engineering tests against members or staff.</li>
              <li>Give us reasonable time to fix the issue before you share it publicly.</li>
            </ul>
            <p>
              Send details and steps to reproduce to <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a>. We
              acknowledge reports within the times above and credit researchers who want to be named.
            </p>
          </Prose>
        </section>

        <Section id="contacts" title="Contacts">
          <ul>
            <li>
              Security team: <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a> (monitored 24/7)
            </li>
            <li>
              Privacy and data requests: <a href="mailto:privacy@nestmate.app">privacy@nestmate.app</a>
            </li>
            <li>
              Account help: <a href="mailto:support@nestmate.app">support@nestmate.app</a>
            </li>
            <li>
              Immediate danger: call <a href="tel:911">911</a>
            </li>
          </ul>
        </Section>
      </div>
    </PageShell>
  );
}
