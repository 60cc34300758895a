/**
 * Runs `work` once the browser is idle (or after `timeoutMs` at the latest), outside the task that asked:
 * for what a page does on load that nobody waits for, so it never lengthens the hydrating task (issue 18).
 * Returns a cancel function, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 1);
  return () => clearTimeout(handle);
}
