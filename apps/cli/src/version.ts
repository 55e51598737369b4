// Replaced by the bundler (scripts/build.mjs) with the version in apps/cli/package.json, so the
// single-file bundle and the downloaded package know it without any file beside them.
declare const __MAPPER_VERSION__: string | undefined;

/** The CLI's version; 'development' when run from source without the bundler. */
export const VERSION: string = typeof __MAPPER_VERSION__ === 'string' ? __MAPPER_VERSION__ : 'development';
