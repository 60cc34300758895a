import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Logo } from './logo';

type AuthLayoutProps = {
  title: ReactNode;
  description?: ReactNode;
  /** An icon or illustration above the title. */
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** The frame of the sign-up, sign-in, reset and agreement screens: one card, one h1. */
export function AuthLayout({ title, description, icon, children, footer }: AuthLayoutProps) {
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-brand-100),transparent_60%)]">
      <header className="mx-auto flex w-full max-w-md items-center px-page pt-6 pb-2">
        <Link to="/" className="rounded-lg" aria-label="Nestmate home">
          <Logo />
        </Link>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-md flex-1 flex-col px-page pt-4 pb-10 outline-none"
      >
        <div className="rounded-card border border-ink-200/70 bg-white p-6 shadow-card animate-slide-up sm:p-8">
          {icon && (
            <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
              {icon}
            </div>
          )}
          <h1 className="text-title text-ink-900">{title}</h1>
          {description && <div className="mt-2 text-ink-600">{description}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-ink-600">{footer}</div>}
      </main>
    </div>
  );
}
