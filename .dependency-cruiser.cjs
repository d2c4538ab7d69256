/** Import boundaries and cycles, checked by `npm run lint` (STYLE.md: imports flow one way). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules must not depend on each other in a cycle (at run time: type-only links aside).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
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
      name: 'api-lib-and-middleware-do-not-import-modules',
      severity: 'error',
      comment: 'lib/ and middleware/ serve every module; modules are wired together in app.ts.',
      from: { path: '^functions/src/(lib|middleware)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^functions/src/modules/' },
    },
    {
      name: 'api-modules-stand-alone',
      severity: 'error',
      comment:
        'These modules import no other module: what they need of one (images of deleted courses, ' +
        'an author profile, testimonial counts, an API key) is a port app.ts wires.',
      from: { path: '^functions/src/modules/(accounts|admin|courses|files|health|testimonials)/' },
      to: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/$1/' },
    },
    {
      name: 'api-generation-uses-only-courses',
      severity: 'error',
      comment:
        'Modules depend one way: images -> generation -> courses, so no two import each other.',
      from: { path: '^functions/src/modules/generation/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(generation|courses)/',
      },
    },
    {
      name: 'api-images-use-only-courses-and-generation',
      severity: 'error',
      comment:
        'Modules depend one way: images -> generation -> courses, so no two import each other.',
      from: { path: '^functions/src/modules/images/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(images|courses|generation)/',
      },
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
    // Type-only imports count too: a cycle through types is still a cycle between modules.
    tsPreCompilationDeps: true,
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
