/**
 * The entry point of the worker threads: each named export is a task the pool can run
 * (workers/worker-pool.ts). Work that would hold the request thread for long goes here.
 */

export { bazaarCopyTask as bazaarCopy } from '../modules/bazaar/copy.task.js';
export { fileKindTask as fileKind, sha256Task as sha256 } from '../modules/files/file-inspect.task.js';
export { pdfTextTask as pdfText } from '../modules/files/pdf-text.task.js';
export { parseLogTask as parseLog } from '../modules/logbooks/parse-log.task.js';
export { countTokensTask as countTokens } from '../modules/usage/count-tokens.task.js';
export { parseJsonTask as parseJson } from '../plugins/parse-json.task.js';
