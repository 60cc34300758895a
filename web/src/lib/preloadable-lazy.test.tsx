import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadableLazy (N199)', () => {
  it('renders the component at once, with no fallback, once preloaded', async () => {
    const Lazy = preloadableLazy(async () => Greeting);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('is React.lazy until then: the fallback while the module loads, then the component, kept mounted', async () => {
    const module = deferred<typeof Greeting>();
    const Lazy = preloadableLazy(() => module.promise);
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => module.resolve(Greeting));
    const shown = screen.getByText('Hello Ana');
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ben" />
      </Suspense>,
    );
    // The same element, updated: a module loaded meanwhile does not remount what is on screen.
    expect(screen.getByText('Hello Ben')).toBe(shown);
  });
});
