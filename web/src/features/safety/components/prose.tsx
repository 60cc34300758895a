import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export type BackLink = { to: string; label: string };

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

/** A titled block of a safety page, reachable by its id. */
export function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="flex items-center gap-3 text-heading text-ink-900 md:text-2xl">
        {icon && (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {icon}
          </span>
        )}
        {title}
      </h2>
      <Prose className="mt-3">{children}</Prose>
    </section>
  );
}
