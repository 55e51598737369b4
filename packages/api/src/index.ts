export { ApiClient, type ClientOptions, type RequestOptions, type StreamHandlers } from './client.js';
export { ApiError } from './errors.js';
export * from './schemas/index.js';
export { readSse, type SseEvent } from './sse.js';
