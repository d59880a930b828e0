/**
 * Import rules of the house (docs/decisions.md, "Modules"): a module is reached only through its index.ts, and
 * imports flow one way with no cycles. Run by `pnpm lint:imports` inside `pnpm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'Imports flow one way: a cycle between files (or modules) hides an ownership question. A type-only import ' +
        'is erased, and a service type read from its schema (FromSchema, RowOf) is the one declaration of the shape, ' +
        'so a cycle closed only by type-only imports is not one.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-internals',
      severity: 'error',
      comment: 'Another module is reached through its index.ts (its package name), never through its internals.',
      from: { path: '^modules/([^/]+)/' },
      to: { path: '^modules/[^/]+/src/', pathNot: ['^modules/$1/', '^modules/[^/]+/src/index\\.ts$'] },
    },
    {
      name: 'module-internals-from-outside',
      severity: 'error',
      comment: 'Services, the CLI, migrations, tests and benchmarks use a module through its index.ts only.',
      from: { path: '^(services|cli|migrations|test|bench)/' },
      to: { path: '^modules/[^/]+/src/', pathNot: '^modules/[^/]+/src/index\\.ts$' },
    },
    // The web app by feature (web/README.md): app/ composes features; a feature uses shared/, api/, state/ and the
    // design system; nothing below imports back up, and features do not import each other.
    {
      name: 'web-nothing-imports-app',
      severity: 'error',
      comment: 'app/ composes the features (routes, shell, session start); a feature or the kit never imports it back.',
      from: { path: '^web/src/(features|shared|api|state)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/src/(app/|main\\.tsx)' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'A feature does not import another; a part two features need moves to web/src/shared/.',
      from: { path: '^web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-kit-below-features',
      severity: 'error',
      comment: 'The shared kit, the API hooks and the state serve every feature, so they import none.',
      from: { path: '^web/src/(shared|api|state)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-api-below-kit',
      severity: 'error',
      comment: 'The API hooks and the state are the lowest floor of the web app: they import no screen part.',
      from: { path: '^web/src/(api|state)/' },
      to: { path: '^web/src/shared/' },
    },
    {
      name: 'design-system-stands-alone',
      severity: 'error',
      comment: 'The design system knows nothing of the app that uses it.',
      from: { path: '^design-system/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-stays-in-the-browser',
      severity: 'error',
      comment: 'The web app and the design system talk to the server over HTTP, not by importing its code.',
      from: { path: '^(web|design-system|storybook)/' },
      // The vocabulary (status words and labels in both languages) is written for both sides.
      to: { path: '^(modules|services|cli|migrations)/', pathNot: '^modules/vocabulary/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|coverage)/' },
    // TypeScript 7 has no compiler API: the cruiser parses with its own TypeScript 5.9 (pnpm-workspace.yaml's
    // packageExtensions), which reads .tsx too.
    parser: 'tsc',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
