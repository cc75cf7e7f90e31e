/**
 * Import rules checked by `npm run lint:imports` (part of `npm test`, so of CI). The layers of README "Layout":
 * the renderer sees only itself and `shared/` and never Node; `shared/` sees only itself and runs in both worlds;
 * `main/` never reaches into the renderer; no product code imports tests or scripts; inside `main/` each folder
 * imports only the folders below it (`layers`); no file takes part in an import cycle.
 */

/**
 * The folders of main/, lowest first, each with the folders it may import besides itself, `shared/` and
 * `main/paths.ts`. A folder may list only folders above it in this list (checked below), so no two folders
 * depend on each other and the folders form no cycle.
 */
const layers = [
  ['core', []],
  ['db', ['core']],
  ['inference', ['core']],
  ['embedding', ['core', 'inference']],
  ['reranking', ['core', 'inference', 'embedding']],
  ['retrieval', ['core', 'db', 'embedding']],
  ['answer', ['core']],
  ['api', ['core']],
  ['corpora', ['core', 'db', 'inference', 'embedding', 'reranking', 'retrieval', 'answer', 'api']],
  ['app', ['core', 'db', 'inference', 'embedding', 'reranking', 'retrieval', 'answer', 'api', 'corpora']],
  ['eval', ['core', 'db', 'inference', 'embedding', 'reranking', 'retrieval', 'answer', 'api', 'corpora', 'app']],
  ['bench', ['core', 'db', 'inference', 'embedding', 'reranking', 'retrieval', 'answer', 'api', 'corpora', 'app', 'eval']],
  ['server', ['core', 'api', 'app']],
  ['electron', ['core', 'api', 'app']],
  ['cli', ['core', 'db', 'inference', 'embedding', 'reranking', 'retrieval', 'answer', 'api', 'corpora', 'app', 'eval', 'bench', 'server']],
];

layers.forEach(([folder, below], position) => {
  const earlier = layers.slice(0, position).map(([name]) => name);
  const upward = below.filter((name) => !earlier.includes(name));
  if (upward.length > 0) throw new Error(`.dependency-cruiser.cjs: layer ${folder} lists ${upward.join(', ')}, which is not below it`);
});

const layerRules = layers.map(([folder, below]) => ({
  name: `layer-${folder}`,
  comment: below.length > 0 ? `main/${folder}/ imports only ${below.map((name) => `main/${name}/`).join(', ')}, shared/ and main/paths.ts.` : `main/${folder}/ imports only shared/ and main/paths.ts.`,
  severity: 'error',
  from: { path: `^main/${folder}/` },
  to: { path: '^main/', pathNot: `^main/(${[folder, ...below].join('|')})/|^main/paths\\.ts$` },
}));

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
    ...layerRules,
    {
      name: 'main-folder-has-a-layer',
      comment: 'A new folder of main/ gets its place in `layers` (and in README "Layout") before it imports anything.',
      severity: 'error',
      from: { path: '^main/', pathNot: `^main/(${layers.map(([folder]) => folder).join('|')})/|^main/paths\\.ts$` },
      to: { path: '^(main|shared)/' },
    },
    {
      name: 'paths-imports-no-main',
      comment: 'main/paths.ts is part of the base layer: every folder may import it, so it imports none of them.',
      severity: 'error',
      from: { path: '^main/paths\\.ts$' },
      to: { path: '^main/', pathNot: '^main/paths\\.ts$' },
    },
    {
      name: 'corpus-contract-knows-no-corpus',
      comment: 'main/corpora/*.ts (the module contract, evaluation files) is what every corpus builds on.',
      severity: 'error',
      from: { path: '^main/corpora/[^/]+$' },
      to: { path: '^main/corpora/[^/]+/' },
    },
    {
      name: 'corpus-not-other-corpus',
      comment: 'Each corpus stands on the shared layers, not on another corpus (the diary and the manuals are the exceptions, below).',
      severity: 'error',
      from: { path: '^main/corpora/([^/]+)/', pathNot: '^main/corpora/(diary|manuals)/' },
      to: { path: '^main/corpora/[^/]+/', pathNot: '^main/corpora/$1/' },
    },
    {
      name: 'diary-sees-foods',
      comment: 'Diary entries point at foods and portions: the diary may import foods/, and no other corpus.',
      severity: 'error',
      from: { path: '^main/corpora/diary/' },
      to: { path: '^main/corpora/[^/]+/', pathNot: '^main/corpora/(diary|foods)/' },
    },
    {
      name: 'manuals-see-kb-text',
      comment:
        "Manuals are long documents read and cut as the KB reads and cuts its own: they may import the KB's document text, chunking, token counter and sentence units, nothing of its search or answers.",
      severity: 'error',
      from: { path: '^main/corpora/manuals/' },
      to: { path: '^main/corpora/[^/]+/', pathNot: '^main/corpora/(manuals/|kb/(chunking|token-counter|quotes|document-text)[.]ts$)' },
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
      comment: 'Files that import each other (even for types only) cannot be read, tested or moved one at a time.',
      severity: 'error',
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
