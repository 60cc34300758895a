import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { cn } from '../../../lib/cn';

export type BackLink = { to: string; label: string };

export type DocSection = { id: string; title: string; body: ReactNode };

/** Long-form text: a readable measure (~70ch), spacing and list styles for plain elements. */
export const proseClasses =
  'max-w-[70ch] text-[1.0625rem] leading-relaxed text-ink-700 ' +
  '[&_p]:mt-3 [&_p:first-child]:mt-0 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 ' +
  '[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-brand-600 ' +
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-ink-900 [&_strong]:font-semibold [&_strong]:text-ink-900 ' +
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800';

export function Prose({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn(proseClasses, className)}>{children}</div>;
}

type LegalDocumentProps = {
  title: string;
  back: BackLink;
  updated: string;
  intro: ReactNode;
  sections: DocSection[];
  /** Number the headings (1. Eligibility) as legal texts are cited by section. */
  numbered?: boolean;
};

/**
 * A long policy page: last-updated line, summary, a table of contents with in-page anchors,
 * then one landmark section per heading, each with a way back to the contents.
 */
export function LegalDocument({ title, back, updated, intro, sections, numbered = true }: LegalDocumentProps) {
  const heading = (section: DocSection, index: number) => (numbered ? `${index + 1}. ${section.title}` : section.title);
  return (
    <PageShell title={title} back={back}>
      <p className="text-sm font-medium text-ink-600">Last updated: {updated}</p>
      <div className={cn(proseClasses, 'mt-5 text-lg text-ink-800')}>{intro}</div>

      <nav
        id="contents"
        aria-labelledby="contents-heading"
        className="mt-8 scroll-mt-24 rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-6 print:hidden"
      >
        <h2 id="contents-heading" className="text-sm font-bold tracking-wide text-ink-600 uppercase">
          On this page
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex gap-2 rounded-md py-1.5 text-[0.95rem] font-medium text-brand-700 hover:text-brand-900 hover:underline"
              >
                {numbered && <span className="w-6 shrink-0 text-ink-500 tabular-nums">{index + 1}.</span>}
                <span>{section.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 flex flex-col gap-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
            <h2 id={`${section.id}-heading`} className="text-heading text-ink-900 md:text-2xl">
              {heading(section, index)}
            </h2>
            <Prose className="mt-3">{section.body}</Prose>
            <a
              href="#contents"
              className="mt-4 inline-block rounded-md text-sm font-semibold text-ink-600 hover:text-brand-700 print:hidden"
            >
              Back to contents
            </a>
          </section>
        ))}
      </div>
    </PageShell>
  );
}

/** A mail link that shows the address (people copy it into their own mail app). */
export function MailLink({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}
