/**
 * Import rules of the house (docs/decisions.md, "Modules"): a module is reached only through its index.ts, and
 * imports flow one way with no cycles. Run by `pnpm lint:imports` inside `pnpm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Imports flow one way: a cycle between files (or modules) hides an ownership question.',
      from: {},
      to: { circular: true },
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
    {
      name: 'web-stays-in-the-browser',
      severity: 'error',
      comment: 'The web app and the design system talk to the server over HTTP, not by importing its code.',
      from: { path: '^(web|design-system|storybook)/' },
      to: { path: '^(modules|services|cli|migrations)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|coverage)/' },
    // TypeScript 7 has no compiler API for the cruiser to use; swc parses our .ts/.tsx instead.
    parser: 'swc',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
