// A Babel configuration used only by the import-boundaries check (.dependency-cruiser.cjs):
// TypeScript 7 has no compiler API for the cruiser to parse with, so Babel's parser reads each
// file and this turns it into nothing but bare imports of the modules it names (imports,
// re-exports, dynamic imports and `require`, type-only ones included), which the cruiser then
// resolves and checks against its rules. No code is compiled or run.

const isText = (node) =>
  node && (node.type === 'StringLiteral' || node.type === 'Literal') && typeof node.value === 'string';

/** `import('x')`, `require('x')` and `import('x').Type` anywhere below `node`, added to `names`. */
function addCalls(node, names) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) addCalls(child, names);
    return;
  }
  if (node.type === 'CallExpression') {
    const { callee } = node;
    const calls = callee.type === 'Import' || (callee.type === 'Identifier' && callee.name === 'require');
    if (calls && isText(node.arguments[0])) names.add(node.arguments[0].value);
  }
  if (node.type === 'ImportExpression' && isText(node.source)) names.add(node.source.value);
  if (node.type === 'TSImportType') {
    const literal = node.argument?.literal ?? node.argument;
    if (isText(literal)) names.add(literal.value);
  }
  for (const key of Object.keys(node)) {
    if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') addCalls(node[key], names);
  }
}

/** Every module a file names. Calls are looked for only in files whose text has one: it is faster. */
function moduleNames(program, code) {
  const names = new Set();
  for (const statement of program.body) {
    const source = statement.source;
    if (
      (statement.type === 'ImportDeclaration' ||
        statement.type === 'ExportNamedDeclaration' ||
        statement.type === 'ExportAllDeclaration') &&
      isText(source)
    )
      names.add(source.value);
  }
  if (/\b(import|require)\s*\(/.test(code)) addCalls(program.body, names);
  return names;
}

/**
 * Parses the file and hands Babel, instead of its syntax tree, a module of bare imports of the
 * names found, so Babel's own work (scopes, output) is done on a few lines, not on the file.
 */
const onlyImports = () => ({
  parserOverride(code, parserOptions, parse) {
    // JSX only where it can be: in a .ts file `<T>(x: T) => x` is a generic function, not an element.
    const jsx = /\.[jt]sx$/.test(parserOptions.sourceFileName ?? '') ? ['jsx'] : [];
    const file = parse(code, { ...parserOptions, plugins: ['typescript', ...jsx] });
    const names = [...moduleNames(file.program, code)];
    return parse(names.map((name) => `import ${JSON.stringify(name)};`).join('\n'), {
      sourceType: 'module',
    });
  },
});

module.exports = {
  babelrc: false,
  configFile: false,
  sourceType: 'unambiguous',
  compact: true,
  comments: false,
  parserOpts: { attachComment: false },
  plugins: [onlyImports],
};
