export {
  ApiClient,
  type CompareHandlers,
  type LaneOutcome,
  type StreamHandlers,
  type Upload,
} from './client.js';
export { ApiError } from './errors.js';
export { type ClientOptions, HttpClient } from './http-client.js';
export * from './route.js';
export type * from './route-types.js';
export * from './routes/index.js';
export * from './schemas/index.js';
export { readSse, type SseEvent } from './sse.js';
