// The worker threads' entry when the server runs from its TypeScript sources (tests, `tsx`): a
// worker does not reliably get `--import tsx` hooks in place before it loads its module, so this
// plain-JS entry registers tsx itself, then hands over the tasks of tasks.worker.ts.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.worker.ts');

export const parseJson = tasks.parseJson;
export const parseLog = tasks.parseLog;
export const countTokens = tasks.countTokens;
export const pdfText = tasks.pdfText;
export const fileKind = tasks.fileKind;
export const sha256 = tasks.sha256;
export const bazaarCopy = tasks.bazaarCopy;
