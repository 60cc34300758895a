import { LinkButton } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any unknown path (001 §2). */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-ink-50 px-page text-center outline-none"
    >
      <Logo />
      <p className="text-[5rem] leading-none font-extrabold text-brand-200" aria-hidden="true">
        404
      </p>
      <h1 className="text-title text-ink-900">Oops! Page not found.</h1>
      <p className="max-w-sm text-ink-700">The page you're looking for doesn't exist or has moved.</p>
      <LinkButton to="/" size="lg">
        Return to Home
      </LinkButton>
    </main>
  );
}
