import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError() {
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

type BoundaryProps = {
  children: ReactNode /** A new value (the location's key) clears the error. */;
  resetKey: string;
};
type BoundaryState = { error: unknown; resetKey: string };

/**
 * The route table's error screen (N172): the declarative router has no `errorElement`, so this
 * boundary around the whole table catches what a page throws while rendering and a lazy page whose
 * chunk fails to load, and shows {@link RouteError}. Going to another location clears it, as the
 * data router's error state did.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
