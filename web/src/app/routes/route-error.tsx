import { useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button';

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink-50 px-page text-center"
      role="alert"
    >
      <h1 className="text-title text-ink-900">Something went wrong</h1>
      <p className="max-w-sm text-ink-700">An unexpected error occurred. Please try again.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
