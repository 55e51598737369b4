// A Vitest reporter for scripts/test.mjs: it writes what failed outside any one test (errors no
// test caught, a file that failed to load or whose hooks threw) to the JSON file named by
// VITEST_OUTSIDE_ERRORS, so the summary at the end of `npm test` can say which, not only that
// Vitest failed.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The first lines of an error: enough to find it, short enough for a summary. */
function described(error) {
  const where = error.VITEST_TEST_PATH ? `${relative(process.cwd(), String(error.VITEST_TEST_PATH))}: ` : '';
  const during = error.VITEST_TEST_NAME ? `(during "${error.VITEST_TEST_NAME}") ` : '';
  const stack = String(error.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((line) => line.trim())
    .join(' ');
  return `${where}${during}${error.name ?? 'Error'}: ${String(error.message ?? '').slice(0, 300)} ${stack}`.trim();
}

export default class OutsideErrors {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_OUTSIDE_ERRORS;
    if (!file) return;
    const errors = unhandledErrors.map((error) => `unhandled: ${described(error)}`);
    for (const testModule of testModules) {
      for (const error of testModule.errors()) {
        errors.push(`${relative(process.cwd(), testModule.moduleId)}: ${described(error)}`);
      }
    }
    writeFileSync(file, JSON.stringify(errors));
  }
}
