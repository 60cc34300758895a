import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetDb } from './db';
import { groupsTest } from './groups-handlers';
import { testConfig } from './handlers';
import { server } from './server';
import { verificationTest } from './verification-handlers';

// Lazy routes load their modules on first render; give them time on a cold transform cache and a
// busy two-core CI machine (the other vitest projects run at the same time).
configure({ asyncUtilTimeout: 15000 });

// jsdom lacks these browser APIs that Radix, sonner and the router use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => {};

// Every request must be answered by a handler: an unhandled one fails the test that made it.
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetDb();
  groupsTest.reset();
  verificationTest.reset();
  localStorage.clear();
  testConfig.ageGateEnabled = true;
  const seen = unhandled.splice(0);
  expect(seen, 'unhandled requests').toEqual([]);
});
afterAll(() => server.close());
