import type { TimeoutProvider } from '@tanstack/react-query';

type Platform = {
  setTimeout: (callback: () => void, delay: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
  now: () => number;
};

const browser: Platform = {
  setTimeout: (callback, delay) => globalThis.setTimeout(callback, delay),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  now: () => performance.now(),
};

/**
 * TanStack Query's timers on one platform timer (issue 18, N259). The query cache sets a timeout for every
 * query's garbage collection and every observer's staleness, and clears one whenever a screen subscribes:
 * 36 set and 12 cleared in Discover's first second, most in the commit of the hydrated screen. Each is
 * cheap in a student's browser, but a traced browser (Lighthouse's) records a stack for every one, which
 * made about half of that commit's time. TanStack's `timeoutManager` takes a provider for exactly this
 * (its documentation suggests one that coalesces): here a timeout is an entry in a map with the time it is
 * due, one platform timer wakes for the earliest, and clearing is a delete. Intervals (none in this app)
 * pass straight through.
 */
export function coalescedTimeouts(platform: Platform = browser): TimeoutProvider<number> {
  const timers = new Map<number, { due: number; callback: () => void }>();
  let lastId = 0;
  let wake: { at: number; handle: ReturnType<typeof setTimeout> } | undefined;

  // One platform timer, for the earliest due: kept when it wakes soon enough, moved when a timer is due
  // sooner. A cleared timer leaves it be: waking finds nothing due and sleeps until the next.
  const arm = () => {
    let earliest = Number.POSITIVE_INFINITY;
    for (const timer of timers.values()) earliest = Math.min(earliest, timer.due);
    if (wake && wake.at <= earliest) return;
    if (wake) platform.clearTimeout(wake.handle);
    wake =
      earliest === Number.POSITIVE_INFINITY
        ? undefined
        : { at: earliest, handle: platform.setTimeout(fire, Math.max(0, earliest - platform.now())) };
  };

  // The timers due run in the order they are due; one set by a callback waits for the next wake, as a
  // platform timer set in a callback runs in a later task. A callback that throws does not stop the
  // others: its error is thrown again in a task of its own, as a platform timer's would be.
  const fire = () => {
    wake = undefined;
    const now = platform.now();
    const due = [...timers].filter(([, timer]) => timer.due <= now).sort(([, a], [, b]) => a.due - b.due);
    for (const [id] of due) timers.delete(id);
    arm();
    for (const [, timer] of due) {
      try {
        timer.callback();
      } catch (error) {
        platform.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  };

  return {
    setTimeout(callback, delay) {
      lastId += 1;
      timers.set(lastId, { due: platform.now() + Math.max(0, delay), callback });
      arm();
      return lastId;
    },
    clearTimeout(id) {
      if (id !== undefined) timers.delete(id);
    },
    setInterval: (callback, delay) => window.setInterval(callback, delay),
    clearInterval: (id) => window.clearInterval(id),
  };
}
