// `npm run lint` (and `npm test`): which part of the repository may import which. Every import,
// re-export and dynamic import of every source file (type-only ones too) is resolved to the file it
// lands in and checked against the rules below; a breach names the file, the import and the rule.
// File names themselves are checked by Biome (kebab-case).

/** Parts of the web app every feature may use: they never reach into a feature or the app shell. */
const WEB_SHARED = '^apps/web/src/(components|lib|config)/';

module.exports = {
  forbidden: [
    {
      name: 'packages-not-apps',
      comment: 'The shared packages never import apps or the browser tests (their tests use the test kit).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'packages-src-not-tools',
      comment: "The shared packages' sources never import tools (the test kit, the fakes, the bench).",
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '^tools/' },
    },
    {
      name: 'app-not-other-app',
      comment: 'An app never imports another app.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'tools-through-test-kit',
      comment:
        'Tools never import apps or the browser tests: the test kit (tools/test-kit), which starts the server for tests, is their way in.',
      severity: 'error',
      from: { path: '^tools/', pathNot: '^tools/test-kit/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'feature-not-other-feature',
      comment: 'A feature of the web app never imports another feature (pages in app/routes compose them).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-features',
      comment:
        "The web app's shared folders (components, lib, config) never import features or the app shell.",
      severity: 'error',
      from: { path: WEB_SHARED },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    // Only our own sources are read; packages from the registry are where imports end.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    // Workspace packages (`@caravanserai/...`) resolve through their package.json `exports` to
    // the files they land in, so they are checked like relative imports.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // TypeScript 7 has no compiler API for the cruiser to call: Babel's parser reads each file and
    // scripts/import-specifiers.cjs keeps only what it imports (see there). The cruiser reads .ts
    // and .tsx files only when a TypeScript parser is installed, which @swc/core (a dev dependency)
    // is; it does not parse with it, as it reads no JSX.
    babelConfig: { fileName: 'scripts/import-specifiers.cjs' },
    moduleSystems: ['es6', 'cjs'],
    cache: false,
  },
};
