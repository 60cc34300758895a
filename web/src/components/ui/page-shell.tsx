import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Logo } from './logo';

type PageShellProps = {
  title: ReactNode;
  /** Where the back link goes, and what it says. */
  back?: { to: string; label: string };
  /** `wide` for pages of panels rather than prose (Settings), so rows keep their text on one line. */
  width?: 'readable' | 'wide';
  /** Leave the page title out of print, for pages whose printout carries its own (a roommate agreement). */
  printTitle?: boolean;
  children: ReactNode;
};

/** The frame of content pages (legal, safety, resources, settings): header, one h1, readable column. */
export function PageShell({ title, back, width = 'readable', printTitle = true, children }: PageShellProps) {
  const column = width === 'wide' ? 'max-w-5xl' : 'max-w-3xl';
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-ink-200/70 bg-white/90 backdrop-blur print:hidden">
        <div className={cn('mx-auto flex h-16 w-full items-center justify-between gap-4 px-page', column)}>
          {back ? (
            <Link
              to={back.to}
              className="-ml-2 inline-flex items-center gap-1.5 rounded-pill px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-none stroke-current stroke-2">
                <path d="M12.5 15 7.5 10l5-5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {back.label}
            </Link>
          ) : (
            <span />
          )}
          <Link to="/" aria-label="Nestmate home" className="rounded-lg">
            <Logo className="text-lg" />
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={cn('mx-auto w-full flex-1 px-page py-8 outline-none md:py-12', column)}>
        <h1 className={cn('text-title text-ink-900 md:text-[2.25rem]', !printTitle && 'print:sr-only')}>{title}</h1>
        <div className="mt-4">{children}</div>
      </main>
    </div>
  );
}
