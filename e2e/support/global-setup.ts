import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assertChromium } from '@caravanserai/test-kit/browser';

/** Fails the browser suite at once, saying what to do, when a prerequisite is missing. */
export default function checkPrerequisites(): void {
  assertChromium();
  const index = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      'The web app is not built: run `npm run build --workspace @caravanserai/web` (npm test does it).',
    );
  }
}
