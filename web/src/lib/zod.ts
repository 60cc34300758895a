/**
 * zod for the browser, with its JIT off: zod probes for `eval` (`new Function('')`) before compiling
 * a fast parser, and that probe is a violation of our Content-Security-Policy (script-src without
 * 'unsafe-eval'), reported on every page that loads it (issue 18). Import `z` from here, not 'zod'.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };

/**
 * A schema built the first time it is asked for, not when its module loads (N198): building zod 4
 * schemas is slow enough (the realtime frames took ≈230 ms of Discover's load at Lighthouse's 4× CPU
 * throttle) to hold up the first render of a page that only imports the module, long before any
 * frame arrives.
 */
export function lazySchema<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => {
    schema ??= build();
    return schema;
  };
}
