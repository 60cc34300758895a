import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HYDRATED_EVENT, HydratedSignal } from './hydrated';

describe('HydratedSignal (N253)', () => {
  it("announces the hydration once the buttons of its Suspense boundary are React's", async () => {
    const onClick = vi.fn();
    const screen = (
      <Suspense fallback={null}>
        <button type="button" onClick={onClick}>
          Notifications
        </button>
        <HydratedSignal />
      </Suspense>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(screen);
    document.body.append(root);
    const button = root.querySelector('button');
    let clicksWhenAnnounced = -1;
    const announced = new Promise<void>((done) =>
      document.addEventListener(
        HYDRATED_EVENT,
        () => {
          // What web/public/after-paint.js does with a held tap.
          button?.click();
          clicksWhenAnnounced = onClick.mock.calls.length;
          done();
        },
        { once: true },
      ),
    );
    const app = hydrateRoot(root, screen);
    await announced;
    expect(clicksWhenAnnounced).toBe(1);
    // The server's button itself was hydrated, not replaced.
    expect(root.querySelector('button')).toBe(button);
    app.unmount();
    root.remove();
  });

  it('names the event web/public/after-paint.js waits for (a plain file, which cannot import it)', () => {
    const loader = readFileSync(resolve(import.meta.dirname, '../../public/after-paint.js'), 'utf8');
    expect(loader).toContain(`'${HYDRATED_EVENT}'`);
  });
});
