// The worker thread's entry (N137): loads the TypeScript worker through tsx, a runtime dependency.
import { tsImport } from 'tsx/esm/api';

await tsImport('./campus-matching.worker.ts', import.meta.url);
