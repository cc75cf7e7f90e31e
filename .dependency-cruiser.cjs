/**
 * Import rules checked by `npm run lint:imports` (part of `npm test`, so of CI). The layers of README "Layout":
 * the renderer sees only itself and `shared/` and never Node; `shared/` sees only itself and runs in both worlds;
 * `main/` never reaches into the renderer; no product code imports tests or scripts. Cycles are reported, not yet
 * refused (issue #17 lists the ones to break).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'renderer-no-node',
      comment: 'The renderer runs in a sandboxed page: no Node built-ins (fs, path, child_process…).',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-sees-renderer-and-shared',
      comment: 'The renderer talks to main only through the contract (IPC/HTTP), never by importing it.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(main|scripts|bin|test|migrations)/' },
    },
    {
      name: 'shared-sees-shared',
      comment: 'shared/ is loaded by main and by the renderer: it imports neither, nor Node.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(main|renderer|scripts|bin|test)/' },
    },
    {
      name: 'shared-no-node',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'main-not-renderer',
      severity: 'error',
      from: { path: '^main/' },
      to: { path: '^(renderer|scripts|test)/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      comment: 'Reported, not yet refused: issue #17 breaks these.',
      severity: 'warn',
      from: { path: '^(main|shared|renderer)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
