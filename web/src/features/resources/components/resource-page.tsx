import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { cn } from '../../../lib/cn';

/** Every sub-page of the hub goes back to it (001 §2). */
export const HUB_BACK = { to: '/resources', label: 'Resource Hub' };

// Same measure and rhythm as the policy pages (features do not share components, habit 11).
const proseClasses =
  'max-w-[70ch] text-[1.0625rem] leading-relaxed text-ink-700 ' +
  '[&_p]:mt-3 [&_p:first-child]:mt-0 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 ' +
  '[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-brand-600 ' +
  '[&_strong]:font-semibold [&_strong]:text-ink-900 ' +
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800';

export function Prose({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn(proseClasses, className)}>{children}</div>;
}

/** A sub-page of the Resource Hub: title, a lead paragraph, then its content. */
export function ResourcePage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <PageShell title={title} back={HUB_BACK}>
      <p className="max-w-[70ch] text-lg leading-relaxed text-ink-800 print:text-base">{lead}</p>
      <div className="mt-8 flex flex-col gap-10">{children}</div>
    </PageShell>
  );
}

/** A titled part of a guide, with an optional number badge for step-by-step guides. */
export function GuideSection({
  id,
  title,
  step,
  children,
}: {
  id: string;
  title: string;
  step?: number;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="flex items-center gap-3 text-heading text-ink-900 md:text-2xl">
        {step !== undefined && (
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white"
          >
            {step}
          </span>
        )}
        {title}
      </h2>
      <Prose className="mt-3">{children}</Prose>
    </section>
  );
}

/** A highlighted fact ("21 days"), for the numbers people come to a guide for. */
export function KeyFacts({ facts, label }: { facts: Array<{ value: string; label: string }>; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-3">
      {facts.map((fact) => (
        <li key={fact.label} className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card">
          <p className="text-2xl font-extrabold text-brand-700">{fact.value}</p>
          <p className="mt-1 text-sm leading-snug text-ink-700">{fact.label}</p>
        </li>
      ))}
    </ul>
  );
}
