/** Import boundaries and cycles, checked by `npm run lint`: imports flow one way. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on each other in a cycle, not even through types.',
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
      name: 'features-import-features-through-their-entry',
      severity: 'error',
      comment:
        "A feature imports another feature only through its public entry (the other feature's " +
        'index.ts), never its files.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/([^/]+)/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
      },
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
        'These modules import no other module: what they need of one (an author profile, ' +
        'testimonial counts, an API key, clean-up of deleted outline nodes) is a port app.ts wires.',
      from: { path: '^functions/src/modules/(accounts|admin|files|health|outline|testimonials)/' },
      to: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/$1/' },
    },
    {
      name: 'api-modules-use-outline-through-its-entry',
      severity: 'error',
      comment:
        'A module imports another module only through its public entry: the outline module is ' +
        'reached through outline/index.ts, never its files.',
      from: { path: '^functions/src/modules/([^/]+)/', pathNot: '^functions/src/modules/outline/' },
      to: {
        path: '^functions/src/modules/outline/',
        pathNot: '^functions/src/modules/outline/index\\.ts$',
      },
    },
    {
      name: 'api-courses-uses-only-outline',
      severity: 'error',
      comment: 'Courses stores its courses through the outline module; it imports no other module.',
      from: { path: '^functions/src/modules/courses/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(courses|outline)/',
      },
    },
    {
      name: 'api-modules-do-not-import-courses',
      severity: 'error',
      comment: 'Modules depend one way: courses -> outline; only app.ts imports courses.',
      from: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/courses/' },
      to: { path: '^functions/src/modules/courses/' },
    },
    {
      name: 'api-generation-uses-only-outline',
      severity: 'error',
      comment:
        'Modules depend one way: images -> generation -> outline, so no two import each other; ' +
        "generation writes from sources through the grounding module's entry.",
      from: { path: '^functions/src/modules/generation/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: [
          '^functions/src/modules/(generation|outline)/',
          '^functions/src/modules/grounding/index\\.ts$',
        ],
      },
    },
    {
      name: 'api-images-use-only-outline-and-generation',
      severity: 'error',
      comment:
        'Modules depend one way: images -> generation -> outline, so no two import each other.',
      from: { path: '^functions/src/modules/images/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(images|outline|generation)/',
      },
    },
    {
      name: 'api-publishing-uses-only-outline',
      severity: 'error',
      comment:
        'Publishing reads the course tree; courses, generation and images never import publishing ' +
        "(deleting a course reaches it through the outline's deletion port, wired in app.ts).",
      from: { path: '^functions/src/modules/publishing/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(publishing|outline)/',
      },
    },
    {
      name: 'api-modules-do-not-import-publishing',
      severity: 'error',
      comment: 'Modules depend one way: publishing -> outline; nothing imports publishing.',
      from: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/publishing/' },
      to: { path: '^functions/src/modules/publishing/' },
    },
    {
      name: 'api-ordering-uses-only-outline',
      severity: 'error',
      comment:
        'Ordering checks ownership and writes positions through the outline module; it imports ' +
        'no other module.',
      from: { path: '^functions/src/modules/ordering/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(ordering|outline)/',
      },
    },
    {
      name: 'api-modules-do-not-import-ordering',
      severity: 'error',
      comment: 'Modules depend one way: ordering -> outline; nothing imports ordering.',
      from: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/ordering/' },
      to: { path: '^functions/src/modules/ordering/' },
    },
    {
      name: 'api-history-uses-only-outline',
      severity: 'error',
      comment:
        'Lesson history reads versions and restores a lesson through the outline module; it ' +
        'imports no other module.',
      from: { path: '^functions/src/modules/history/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(history|outline)/',
      },
    },
    {
      name: 'api-modules-do-not-import-history',
      severity: 'error',
      comment: 'Modules depend one way: history -> outline; nothing imports history.',
      from: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/history/' },
      to: { path: '^functions/src/modules/history/' },
    },
    {
      name: 'api-diagrams-uses-only-outline',
      severity: 'error',
      comment:
        'Diagram drawings check ownership and read lessons through the outline module; ' +
        'publishing reaches the drawings through a port wired in app.ts.',
      from: { path: '^functions/src/modules/diagrams/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(diagrams|outline)/',
      },
    },
    {
      name: 'api-modules-do-not-import-diagrams',
      severity: 'error',
      comment: 'Modules depend one way: diagrams -> outline; nothing imports diagrams.',
      from: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/diagrams/' },
      to: { path: '^functions/src/modules/diagrams/' },
    },
    {
      name: 'api-jobs-uses-only-outline-and-generation',
      severity: 'error',
      comment:
        'Whole-course jobs run the generation of each level (questions through the questions ' +
        'module) and read the outline through the outline module; they import no other module.',
      from: { path: '^functions/src/modules/jobs/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: [
          '^functions/src/modules/(jobs|outline|generation|questions)/',
          '^functions/src/modules/grounding/index\\.ts$',
        ],
      },
    },
    {
      name: 'api-modules-do-not-import-jobs',
      severity: 'error',
      comment:
        'Modules depend one way: jobs -> generation -> outline; only app.ts (routes) and index.ts ' +
        '(the step function) import jobs.',
      from: {
        path: '^functions/src/',
        pathNot: ['^functions/src/modules/jobs/', '^functions/src/(app|index)\\.ts$'],
      },
      to: { path: '^functions/src/modules/jobs/' },
    },
    {
      name: 'api-exports-uses-only-outline-and-questions',
      severity: 'error',
      comment:
        'Exports and imports read and write the course tree through the outline module, the ' +
        "topics' questions through the questions module and the chapters' quiz settings through " +
        'the quizzes module; they import no other module.',
      from: { path: '^functions/src/modules/exports/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(exports|outline|questions|quizzes)/',
      },
    },
    {
      name: 'api-modules-do-not-import-exports',
      severity: 'error',
      comment: 'Modules depend one way: exports -> outline; nothing imports exports.',
      from: { path: '^functions/src/modules/', pathNot: '^functions/src/modules/exports/' },
      to: { path: '^functions/src/modules/exports/' },
    },
    {
      name: 'api-questions-uses-only-outline-and-generation',
      severity: 'error',
      comment:
        'Questions check ownership through the outline module and ask Gemini through the ' +
        'generation module; publishing reaches them through a port wired in app.ts.',
      from: { path: '^functions/src/modules/questions/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: [
          '^functions/src/modules/(questions|outline|generation)/',
          '^functions/src/modules/grounding/index\\.ts$',
        ],
      },
    },
    {
      name: 'api-modules-do-not-import-questions',
      severity: 'error',
      comment:
        'Modules depend one way: jobs, exports and quizzes -> questions -> generation, outline; no ' +
        'other module imports questions, and those only through its entry.',
      from: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(questions|jobs|exports|quizzes)/',
      },
      to: { path: '^functions/src/modules/questions/' },
    },
    {
      name: 'api-modules-use-questions-through-its-entry',
      severity: 'error',
      comment: 'Other modules import the questions module only through its index.ts.',
      from: { path: '^functions/src/modules/(jobs|exports|quizzes)/' },
      to: {
        path: '^functions/src/modules/questions/',
        pathNot: '^functions/src/modules/questions/index\\.ts$',
      },
    },
    {
      name: 'api-quizzes-uses-only-outline-and-questions',
      severity: 'error',
      comment:
        'Chapter quiz settings check ownership through the outline module and count a ' +
        "chapter's questions through the questions module; publishing reaches them through a " +
        'port wired in app.ts.',
      from: { path: '^functions/src/modules/quizzes/' },
      to: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(quizzes|outline|questions)/',
      },
    },
    {
      name: 'api-modules-do-not-import-quizzes',
      severity: 'error',
      comment:
        'Modules depend one way: exports -> quizzes -> questions, outline; no other module ' +
        'imports quizzes, and exports only through its entry.',
      from: {
        path: '^functions/src/modules/',
        pathNot: '^functions/src/modules/(quizzes|exports)/',
      },
      to: { path: '^functions/src/modules/quizzes/' },
    },
    {
      name: 'api-modules-use-quizzes-through-its-entry',
      severity: 'error',
      comment: 'Other modules import the quizzes module only through its index.ts.',
      from: { path: '^functions/src/modules/exports/' },
      to: {
        path: '^functions/src/modules/quizzes/',
        pathNot: '^functions/src/modules/quizzes/index\\.ts$',
      },
    },
    {
      name: 'no-cycles-between-api-modules',
      severity: 'error',
      comment:
        'No two folders under functions/src/modules depend on each other, however indirectly.',
      scope: 'folder',
      from: { path: '^functions/src/modules/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'firestore-only-in-repositories',
      severity: 'error',
      comment:
        'Only repositories (*-repository.ts) and lib/firestore touch Firestore: its SDK or the db() ' +
        'accessor, type-only imports included.',
      from: {
        path: '^functions/src/',
        pathNot: ['-repository\\.ts$', '^functions/src/lib/firestore/', '\\.test\\.ts$'],
      },
      to: {
        path: [
          '^node_modules/(firebase-admin/lib/firestore|@google-cloud/firestore)/',
          '^functions/src/lib/firestore/db\\.ts$',
        ],
      },
    },
    {
      name: 'api-routes-do-not-import-repositories',
      severity: 'error',
      comment:
        'A route parses the request and calls one service function; services use repositories.',
      from: { path: '^functions/src/modules/.+-routes\\.ts$' },
      to: { path: ['-repository\\.ts$', '^functions/src/lib/firestore/'] },
    },
    {
      name: 'api-services-do-not-import-middleware-or-express',
      severity: 'error',
      comment: 'Services know nothing of HTTP: plain arguments in, results out, HttpError thrown.',
      from: { path: '^functions/src/modules/.+-service\\.ts$' },
      to: { path: ['^functions/src/middleware/', '^node_modules/(express|@types/express)/'] },
    },
    {
      name: 'gemini-sdk-in-one-file',
      severity: 'error',
      comment: 'Only lib/gemini/gemini-client.ts talks to the Gemini SDK (and loads it lazily).',
      from: { pathNot: '^functions/src/lib/gemini/gemini-client\\.ts$' },
      to: { path: '^node_modules/@google/genai/' },
    },
    {
      name: 'mermaid-in-one-file',
      severity: 'error',
      comment: 'Mermaid (about 700 KB) is imported lazily by one component, the diagram.',
      from: { pathNot: '^web/src/components/markdown/MermaidDiagram\\.tsx$' },
      to: { path: '^node_modules/mermaid/' },
    },
    {
      name: 'web-lib-does-not-import-components',
      severity: 'error',
      comment: 'lib/ holds logic that components use, never the reverse.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/components/' },
    },
    {
      name: 'web-and-api-share-only-contracts-and-markdown',
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
      to: { path: '^(web|functions|markdown|tests|scripts)/' },
    },
    {
      name: 'markdown-stand-alone',
      severity: 'error',
      comment:
        'The lesson renderer serves the app, the API and the exports; it imports none of them.',
      from: { path: '^markdown/' },
      to: { path: '^(web|functions|tests|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a cycle through types is still a cycle between modules.
    tsPreCompilationDeps: true,
    // node_modules stay in the graph (not followed), so rules can name the SDKs they guard.
    exclude: { path: '^(functions|web|contracts|markdown)/dist/|(^|/)coverage/' },
    tsConfig: { fileName: 'tests/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
