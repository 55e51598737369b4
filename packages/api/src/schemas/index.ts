export * from './auth.js';
export * from './common.js';
export * from './examples.js';
export * from './journals.js';
export * from './logbooks.js';
export * from './mapper.js';
export * from './queries.js';
export * from './wells.js';
