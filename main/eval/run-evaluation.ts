import { searchInputSchema, searchOutputSchema, type AskOutput, type Corpus, type SearchOutput, type Strategy } from '../../shared/contract.js';
import type { Services } from '../app/bootstrap.js';
import type { CorpusModule, EvaluationCase } from '../corpora/corpus-module.js';
import { AppError } from '../core/errors.js';
import { evaluateRankings } from './metrics.js';
import { semanticUnavailableCodes } from '../retrieval/semantic-path.js';

export interface EvaluationRow {
  corpus: string;
  /** null: the whole set; otherwise one part of it (e.g. "es" for the KB's Spanish questions), after the whole. */
  subset: string | null;
  strategy: Strategy;
  /** Whether the cross-encoder reordered the candidates (null: the corpus has no reranking). */
  rerank: boolean | null;
  /** The embedder the results came from; null when the strategy ran keyword-only. */
  embedder: string | null;
  cases: number;
  out_of_scope: number;
  hit_rate: Record<string, number>;
  mrr: number;
  ndcg10: number;
  /** Queries whose relevant items were not in the top 3, with what came instead. */
  misses: Array<{ id: string; query: string; expected: string[]; top3: string[] }>;
  /** Refusals (`refused` in the search output) against whether the set says the query is answerable. */
  refusal: RefusalMetrics | null;
  /** Answers (`ask`, the default strategy) containing their key facts; null when the set has none. */
  key_facts: { questions: number; contained: number; rate: number; missed: Array<{ id: string; question: string; missing: string[] }> } | null;
  /** The language settings the row ran with (`languageVariants`); null when the settings in force were used. */
  language: LanguageVariant | null;
  /** `flat`: the module's own search; `tree`: its two-level search (`tree`), keeping `branches` branches. */
  structure: 'flat' | 'tree';
  branches: number | null;
  /**
   * Tree rows: the share of scored queries whose kept branches hold a relevant item (the ceiling of the tree's
   * Hit Rate, since a branch missed is never searched); null on flat rows.
   */
  branch_hit_rate: number | null;
  /** Why this row is degraded or skipped, if it is. */
  note: string | null;
}

/** The hand-written glossaries and the cross-language path, each on or off. */
export interface LanguageVariant {
  glossary: boolean;
  cross_language: boolean;
}

/** Every combination, both on first (as shipped), both off last (the corpora as the main embedder reads them). */
export const languageVariants: readonly LanguageVariant[] = [
  { glossary: true, cross_language: true },
  { glossary: false, cross_language: true },
  { glossary: true, cross_language: false },
  { glossary: false, cross_language: false },
];

/** How well refusals track answerability: precision and recall of "refused" for the unanswerable queries. */
export interface RefusalMetrics {
  unanswerable: number;
  refused_unanswerable: number;
  answerable: number;
  refused_answerable: number;
  /** Of the refused queries, the share that were unanswerable (1 when nothing was refused). */
  precision: number;
  /** Of the unanswerable queries, the share refused (1 when there were none). */
  recall: number;
  /** Of the answerable queries, the share refused. */
  answerable_refused_rate: number;
  /** The unanswerable queries answered and the answerable ones refused (by id, with the query), to read them. */
  wrong: Array<{ id: string; query: string; answerable: boolean }>;
}

/** Refusal metrics from (answerable, refused) pairs. */
export function refusalMetrics(outcomes: ReadonlyArray<{ id: string; query: string; answerable: boolean; refused: boolean }>): RefusalMetrics {
  const unanswerable = outcomes.filter((outcome) => !outcome.answerable);
  const answerable = outcomes.filter((outcome) => outcome.answerable);
  const refusedUnanswerable = unanswerable.filter((outcome) => outcome.refused).length;
  const refusedAnswerable = answerable.filter((outcome) => outcome.refused).length;
  const refused = refusedUnanswerable + refusedAnswerable;
  return {
    unanswerable: unanswerable.length,
    refused_unanswerable: refusedUnanswerable,
    answerable: answerable.length,
    refused_answerable: refusedAnswerable,
    precision: refused === 0 ? 1 : refusedUnanswerable / refused,
    recall: unanswerable.length === 0 ? 1 : refusedUnanswerable / unanswerable.length,
    answerable_refused_rate: answerable.length === 0 ? 0 : refusedAnswerable / answerable.length,
    wrong: outcomes.filter((outcome) => outcome.answerable === outcome.refused).map(({ id, query, answerable: isAnswerable }) => ({ id, query, answerable: isAnswerable })),
  };
}

/** Whether an answer contains each required fact (any alternative, case-insensitive); returns the missing facts. */
export function missingKeyFacts(answer: string, keyFacts: readonly string[][]): string[] {
  const folded = answer.toLowerCase();
  return keyFacts.filter((alternatives) => !alternatives.some((fact) => folded.includes(fact.toLowerCase()))).map((alternatives) => alternatives.join(' | '));
}

export interface EvaluationReport {
  embedder: string | null;
  /** Where each evaluated corpus's rows were read from: `SQLite <file>`, or `PostgreSQL postgres://…` (no password). */
  stores: Record<string, string>;
  rows: EvaluationRow[];
}

/** Where a corpus keeps its rows, as `cita status` names it: its PostgreSQL database, or the data directory's SQLite file. */
export function storeOf(services: Pick<Services, 'databaseFile'>, module: Pick<CorpusModule, 'storage' | 'rowStorage'>): string {
  return module.storage?.label ?? module.rowStorage?.label ?? `SQLite ${services.databaseFile}`;
}

const strategies: Strategy[] = ['keyword', 'vector', 'hybrid'];

/** Runs every evaluation set (or one corpus) through `search` per strategy, exactly as a user would call it. */
export async function runEvaluation(
  services: Services,
  options: {
    corpus?: string;
    strategy?: Strategy;
    /** Another set for the one corpus asked (`cita eval --set FILE`) instead of the shipped one. */
    cases?: EvaluationCase[];
    /** Only with (true) or without (false) the cross-encoder, where the corpus has one; default both. */
    rerank?: boolean;
    /** Runs everything once per combination of glossary and cross-language path (the settings are restored after). */
    languageVariants?: boolean;
    /** Also runs the module's tree search (`evaluation.tree`), once per branch count, beside the flat search. */
    tree?: boolean;
    onProgress?: (message: string) => void;
  } = {},
): Promise<EvaluationReport> {
  // A corpus loaded on demand (the manuals) is evaluated when named: without --corpus it may not be loaded at all.
  const modules = services.modules.filter((module) => module.evaluation && (options.corpus === undefined ? module.seededOnDemand !== true : module.name === options.corpus));
  if (modules.length === 0) {
    throw new AppError('invalid_input', options.corpus ? `The ${options.corpus} corpus has no evaluation set.` : 'No corpus has an evaluation set.');
  }
  if (options.cases && modules.length !== 1) throw new AppError('invalid_input', 'An evaluation set needs the one corpus it is for (--corpus).');
  const rows: EvaluationRow[] = [];
  const call = async <T>(operation: 'search' | 'ask' | 'status', input: Record<string, unknown>, id: string): Promise<T> => {
    const result = await services.dispatcher.call(operation, input, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new AppError(result.error.code, `evaluation query ${id} failed: ${result.error.message}`);
    return result.value as T;
  };
  // An empty corpus would score 0 on every question (and refuse every one): a table of zeros reads as a result.
  const status = await call<{ corpora: Array<{ corpus: string; rows: number }> }>('status', {}, 'status');
  for (const module of modules) {
    const counted = status.corpora.filter((entry) => entry.corpus === module.name);
    if (counted.length > 0 && counted.every((entry) => entry.rows === 0)) {
      const load = module.seededOnDemand === true ? `Run "cita ingest --corpus ${module.name}"` : 'Run "cita seed" for the shipped data';
      throw new AppError('invalid_input', `The ${module.name} corpus is empty: nothing is loaded yet, so there is nothing to evaluate. ${load} first (with the same --data-dir).`);
    }
  }
  const original = services.settings.get().language;
  try {
    for (const variant of options.languageVariants ? languageVariants : [null]) {
      if (variant) services.settings.update({ language: variant });
      await evaluateModules(variant);
    }
  } finally {
    if (options.languageVariants) services.settings.update({ language: original });
  }
  return { embedder: services.embedding.describe().id, stores: Object.fromEntries(modules.map((module) => [module.name, storeOf(services, module)])), rows };

  async function evaluateModules(variant: LanguageVariant | null): Promise<void> {
    for (const module of modules) {
      const evaluation = module.evaluation as NonNullable<typeof module.evaluation>;
      const cases = options.cases ?? evaluation.load();
      const rerankings: Array<boolean | null> = evaluation.rerank ? (options.rerank === undefined ? [true, false] : [options.rerank]) : [null];
      for (const strategy of options.strategy ? [options.strategy] : strategies) {
        for (const rerank of rerankings) {
          await evaluateRun(module, cases, { strategy, rerank, variant, structure: 'flat', branches: null });
        }
        if (options.tree && evaluation.tree) {
          for (const branches of evaluation.tree.branchCounts) await evaluateRun(module, cases, { strategy, rerank: null, variant, structure: 'tree', branches });
        }
      }
    }
  }

  /** One run of every case: the module's search (flat) or its tree search, then a row for the set and each part. */
  async function evaluateRun(
    module: CorpusModule,
    cases: readonly EvaluationCase[],
    run: { strategy: Strategy; rerank: boolean | null; variant: LanguageVariant | null; structure: 'flat' | 'tree'; branches: number | null },
  ): Promise<void> {
    const evaluation = module.evaluation as NonNullable<typeof module.evaluation>;
    const { strategy, rerank, variant } = run;
    const structureLabel = run.structure === 'tree' ? ` · tree B=${run.branches}` : '';
    const label = `${module.name} · ${strategy}${rerank === null ? '' : rerank ? ' + rerank' : ' (no rerank)'}${structureLabel}${variant ? ` · ${languageLabel(variant)}` : ''}`;
    options.onProgress?.(`evaluating ${label} (${cases.length} queries)`);
    const outcomes: Array<{ id: string; query: string; parts: Array<string | null>; expected: string[]; ranked: string[]; answerable: boolean; refused: boolean; branchHit: boolean }> = [];
    const misses: Array<EvaluationRow['misses'][number] & { parts: Array<string | null> }> = [];
    let embedder: string | null = null;
    let degraded: string | null = null;
    for (const entry of cases) {
      const input = { corpus: module.name as Corpus, query: entry.query, k: 10, strategy, ...(rerank === null ? {} : { rerank }) };
      let output: SearchOutput;
      let branchHit = false;
      if (run.structure === 'tree' && evaluation.tree && run.branches !== null) {
        const tree = await treeSearch(module, evaluation.tree, input, run.branches, entry.id);
        output = tree.output;
        branchHit = entry.expected.some((item) => tree.branches.includes((evaluation.tree as NonNullable<typeof evaluation.tree>).branchOf(item)));
      } else {
        output = await call<SearchOutput>('search', input, entry.id);
      }
      embedder = output.embedder ?? embedder;
      const notice = output.notices.find((item) => semanticUnavailableCodes.has(item.code));
      if (notice && strategy !== 'keyword') degraded = notice.message;
      const items = output.hits.map((hit) => (entry.matchHitId ? hit.id : evaluation.itemOf(hit)));
      const parts = [entry.subset ?? null, ...(entry.parts ?? [])];
      outcomes.push({
        id: entry.id,
        query: entry.query,
        parts,
        expected: entry.expected,
        ranked: items,
        answerable: entry.answerable ?? entry.expected.length > 0,
        refused: output.refused,
        branchHit,
      });
      const top3 = items.slice(0, 3);
      if (entry.expected.length > 0 && !top3.some((item) => entry.expected.includes(item))) {
        misses.push({ parts, id: entry.id, query: entry.query, expected: entry.expected, top3 });
      }
    }
    // Key facts are measured on answers as the app gives them: hybrid, the default reranking, the flat search.
    const factCases = cases.filter((entry) => (entry.keyFacts?.length ?? 0) > 0);
    const facts: Array<{ parts: Array<string | null>; id: string; question: string; missing: string[] }> = [];
    if (module.ask && factCases.length > 0 && strategy === 'hybrid' && rerank !== false && run.structure === 'flat') {
      for (const entry of factCases) {
        const answer = await call<AskOutput>('ask', { corpus: module.name, question: entry.query, strategy }, entry.id);
        facts.push({
          parts: [entry.subset ?? null, ...(entry.parts ?? [])],
          id: entry.id,
          question: entry.query,
          missing: answer.refused ? ['(refused)'] : missingKeyFacts(answer.answer, entry.keyFacts ?? []),
        });
      }
    }
    // The whole set, then each part of it when the set has more than one.
    const allParts = [...new Set(outcomes.flatMap((entry) => entry.parts.filter((part): part is string => part !== null)))];
    // A part that is the whole set adds no row.
    const partRows = allParts.filter((part) => outcomes.some((entry) => !entry.parts.includes(part)));
    for (const part of [null, ...partRows]) {
      const inPart = <T extends { parts: Array<string | null> }>(entry: T) => part === null || entry.parts.includes(part);
      const partOutcomes = outcomes.filter(inPart);
      const metrics = evaluateRankings(partOutcomes);
      const partFacts = facts.filter(inPart);
      const hasRefusals = partOutcomes.some((entry) => !entry.answerable) || evaluation.refuses === true;
      const scored = partOutcomes.filter((entry) => entry.expected.length > 0);
      rows.push({
        corpus: module.name,
        subset: part,
        strategy,
        rerank,
        embedder: strategy === 'keyword' ? null : embedder,
        cases: metrics.cases,
        out_of_scope: partOutcomes.length - metrics.cases,
        hit_rate: Object.fromEntries(Object.entries(metrics.hitRate).map(([k, value]) => [`@${k}`, value])),
        mrr: metrics.mrr,
        ndcg10: metrics.ndcg10,
        misses: misses.filter(inPart).map(({ parts: _parts, ...miss }) => miss),
        refusal: hasRefusals ? refusalMetrics(partOutcomes) : null,
        key_facts:
          partFacts.length === 0
            ? null
            : {
                questions: partFacts.length,
                contained: partFacts.filter((fact) => fact.missing.length === 0).length,
                rate: partFacts.filter((fact) => fact.missing.length === 0).length / partFacts.length,
                missed: partFacts.filter((fact) => fact.missing.length > 0).map(({ id, question, missing }) => ({ id, question, missing })),
              },
        language: variant,
        structure: run.structure,
        branches: run.branches,
        branch_hit_rate: run.structure === 'tree' ? (scored.length === 0 ? 0 : scored.filter((entry) => entry.branchHit).length / scored.length) : null,
        note: degraded,
      });
    }
  }

  /**
   * The tree is no operation of the contract (the app never answers with it), so what the dispatcher checks for a
   * search is checked here: the input against the search schema, the output against the search output schema.
   */
  async function treeSearch(
    module: CorpusModule,
    tree: NonNullable<NonNullable<CorpusModule['evaluation']>['tree']>,
    input: Record<string, unknown>,
    branches: number,
    id: string,
  ): Promise<{ output: SearchOutput; branches: string[] }> {
    const parsed = searchInputSchema.safeParse(input);
    if (!parsed.success) throw new AppError('invalid_input', `evaluation query ${id} is not a valid search: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
    module.syncWithOtherProcesses?.();
    const result = await tree.search(parsed.data, branches);
    const checked = searchOutputSchema.safeParse(result.output);
    if (!checked.success) throw new AppError('internal', `the tree search of evaluation query ${id} produced an invalid answer; this is a bug.`);
    return { output: checked.data, branches: result.branches };
  }
}

/** "glossary+cross", "glossary", "cross" or "neither". */
export function languageLabel(variant: LanguageVariant): string {
  if (variant.glossary && variant.cross_language) return 'glossary+cross';
  return variant.glossary ? 'glossary' : variant.cross_language ? 'cross' : 'neither';
}

/** The report as a fixed-width table. */
export function formatEvaluation(report: EvaluationReport): string {
  const variants = report.rows.some((row) => row.language !== null);
  const trees = report.rows.some((row) => row.structure === 'tree');
  const header = [
    'corpus',
    'part',
    'strategy',
    'rerank',
    ...(variants ? ['language'] : []),
    ...(trees ? ['structure'] : []),
    'embedder',
    'n',
    'HR@1',
    'HR@3',
    'HR@5',
    'HR@10',
    'MRR',
    'nDCG@10',
    'refused U',
    'refused A',
    'key facts',
  ];
  const lines = report.rows.map((row) => [
    row.corpus,
    row.subset ?? 'all',
    row.strategy,
    row.rerank === null ? '—' : row.rerank ? 'on' : 'off',
    ...(variants ? [row.language ? languageLabel(row.language) : '—'] : []),
    ...(trees ? [structureLabel(row)] : []),
    row.embedder ?? (row.strategy === 'keyword' ? '—' : 'none'),
    String(row.cases),
    ...['@1', '@3', '@5', '@10'].map((k) => (row.hit_rate[k] ?? 0).toFixed(3)),
    row.mrr.toFixed(3),
    row.ndcg10.toFixed(3),
    row.refusal ? `${row.refusal.refused_unanswerable}/${row.refusal.unanswerable}` : '—',
    row.refusal ? `${row.refusal.refused_answerable}/${row.refusal.answerable}` : '—',
    row.key_facts ? `${row.key_facts.contained}/${row.key_facts.questions}` : '—',
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  const notes = report.rows
    .filter((row) => row.note && row.subset === null)
    .map((row) => `note (${row.corpus} ${row.strategy}${row.structure === 'tree' ? ` ${structureLabel(row)}` : ''}): ${row.note}`);
  const legend = 'refused U: unanswerable queries refused / unanswerable; refused A: answerable queries refused / answerable (SPEC §8)';
  const table = [storeLine(report.stores), render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render), legend, ...notes].join('\n');
  return trees ? `${table}\n\n${formatStructureComparison(report)}` : table;
}

/** "store: catalog on PostgreSQL postgres://…; kb on SQLite /…/cita.sqlite": which store each corpus was evaluated on. */
export function storeLine(stores: Record<string, string>): string {
  return `store: ${Object.entries(stores)
    .map(([corpus, store]) => `${corpus} on ${store}`)
    .join('; ')}`;
}

/** "flat", or "tree B=2" for a tree row keeping two branches. */
export function structureLabel(row: Pick<EvaluationRow, 'structure' | 'branches'>): string {
  return row.structure === 'tree' ? `tree B=${row.branches ?? '?'}` : 'flat';
}

/**
 * Flat against tree, one line per corpus, part and strategy: Hit Rate@3 and MRR of each structure and, for each
 * tree, how often its kept branches held a relevant item at all ("branch").
 */
export function formatStructureComparison(report: EvaluationReport): string {
  const structures = [...new Set(report.rows.map(structureLabel))];
  const header = ['corpus', 'part', 'strategy', 'n', ...structures.flatMap((label) => (label === 'flat' ? [`${label} HR@3`, `${label} MRR`] : [`${label} HR@3`, `${label} MRR`, `${label} branch`]))];
  const groups = new Map<string, EvaluationRow[]>();
  for (const row of report.rows) {
    const key = [row.corpus, row.subset ?? 'all', row.strategy, row.rerank, row.language ? languageLabel(row.language) : ''].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const lines = [...groups.values()].flatMap((rows) => {
    const first = rows[0];
    if (!first || !rows.some((row) => row.structure === 'tree')) return [];
    const cells = structures.flatMap((label) => {
      const row = rows.find((candidate) => structureLabel(candidate) === label);
      const metrics = row ? [(row.hit_rate['@3'] ?? 0).toFixed(3), row.mrr.toFixed(3)] : ['—', '—'];
      return label === 'flat' ? metrics : [...metrics, row?.branch_hit_rate === null || row === undefined ? '—' : row.branch_hit_rate.toFixed(3)];
    });
    return [[first.corpus, first.subset ?? 'all', first.strategy, String(first.cases), ...cells]];
  });
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  const legend = 'branch: share of queries whose kept branches (sources, sections) hold a relevant item (a tree never searches the others)';
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render), legend].join('\n');
}
