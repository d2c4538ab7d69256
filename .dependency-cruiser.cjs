/** Import boundaries and cycles, checked by `npm run lint` (STYLE.md: imports flow one way). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on each other in a cycle.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment: 'A feature may use shared modules, never another feature.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'features-do-not-import-app',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'shared-web-modules-stay-shared',
      severity: 'error',
      comment: 'components, lib, config and theme are used by features and app, not the reverse.',
      from: { path: '^web/src/(components|lib|config|theme)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'api-modules-do-not-import-the-app',
      severity: 'error',
      comment: 'functions/src/app.ts wires the modules; modules never import it.',
      from: { path: '^functions/src/(modules|lib|middleware)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^functions/src/(app|index)\\.ts$' },
    },
    {
      name: 'web-and-api-share-only-contracts',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^functions/' },
    },
    {
      name: 'api-does-not-import-web',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^web/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(web|functions|tests|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage)/' },
    tsConfig: { fileName: 'tests/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
