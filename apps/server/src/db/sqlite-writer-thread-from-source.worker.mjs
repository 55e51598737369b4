// The writer thread's entry when the server runs from its TypeScript sources (tests, `tsx`): it
// registers tsx itself (see workers/tasks-from-source.worker.mjs), then runs the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./sqlite-writer-thread.worker.ts');
