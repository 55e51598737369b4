import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM } from './browser.js';

/** Fails the browser suite at once, saying what to do, when a prerequisite is missing. */
export default function checkPrerequisites(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
  }
  const index = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      'The web app is not built: run `npm run build --workspace @caravanserai/web` (npm test does it).',
    );
  }
}
