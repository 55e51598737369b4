export { ApiClient, type ClientOptions, type RequestOptions } from './client.js';
export { ApiError } from './errors.js';
export * from './schemas/index.js';
