/**
 * zod for the browser, with its JIT off: zod probes for `eval` (`new Function('')`) before compiling
 * a fast parser, and that probe is a violation of our Content-Security-Policy (script-src without
 * 'unsafe-eval'), reported on every page that loads it (issue 18). Import `z` from here, not 'zod'.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
