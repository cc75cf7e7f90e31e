import { strategySchema } from '../../../shared/contract.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EvaluationCase } from '../../corpora/corpus-module.js';
import { loadKbEvaluationCases } from '../../corpora/kb/kb-evaluation.js';
import { formatDiaryEvaluation, loadDiaryEvaluation, loadDiaryEvaluationPath, runDiaryEvaluation } from '../../eval/diary-evaluation.js';
import { loadEvaluationPath } from '../../corpora/evaluation-file.js';
import { formatBeirEvaluation, runBeirEvaluation } from '../../eval/run-beir.js';
import { formatEvaluation, runEvaluation } from '../../eval/run-evaluation.js';
import { UsageError, type Command } from '../command.js';
import { onOffFlag } from './search.js';

/** `cita eval`: Hit Rate@k, MRR and nDCG@10 per corpus × strategy × embedder. */
export const evalCommand: Command = {
  words: ['eval'],
  summary: 'Evaluate retrieval on the shipped evaluation sets: Hit Rate@k, MRR, nDCG@10 per corpus, strategy and embedder',
  usage:
    'cita eval [--corpus catalog|kb|…] [--set FILE] [--strategy keyword|vector|hybrid] [--rerank on|off] [--language-variants] [--data-dir DIR] [--json]\n' +
    '       cita eval --corpus catalog|manuals --tree [--set FILE] [--strategy …]   (the flat search beside the tree: source → fields, or section summaries → passages; 1, 2 and 3 branches)\n' +
    '       cita eval --corpus kb --beir DIR [--split test] [--run FILE] [--strategy …]   (nDCG@10, MRR@10, Recall@100/1000 on a BEIR folder)',
  options: {
    corpus: { type: 'string' },
    strategy: { type: 'string' },
    set: { type: 'string' },
    rerank: { type: 'string' },
    beir: { type: 'string' },
    split: { type: 'string' },
    run: { type: 'string' },
    'language-variants': { type: 'boolean' },
    tree: { type: 'boolean' },
  },
  async run(context) {
    const strategyFlag = context.values.strategy;
    const strategy = strategyFlag === undefined ? undefined : strategySchema.safeParse(strategyFlag);
    if (strategy && !strategy.success) throw new UsageError(`--strategy must be keyword, vector or hybrid (got "${String(strategyFlag)}")`);
    const setFile = context.values.set;
    if (typeof setFile === 'string' && typeof context.values.corpus !== 'string') throw new UsageError('--set needs --corpus: the corpus the set is for');
    const beir = context.values.beir;
    if (context.values.tree === true && (typeof beir === 'string' || context.values.corpus === 'diary')) {
      throw new UsageError('--tree compares flat and tree search on the shipped sets or --set: not with --beir or the diary');
    }
    if (typeof beir === 'string') {
      if (context.values.corpus !== 'kb') throw new UsageError('--beir evaluates the KB: add --corpus kb (after ingesting DIR/corpus.jsonl into it)');
      if (typeof setFile === 'string') throw new UsageError('--beir and --set are two different sets: give one');
      const runFile = context.values.run;
      const split = context.values.split;
      const services = await context.services();
      const report = await runBeirEvaluation(services, {
        directory: resolve(beir),
        strategies: strategy?.success ? [strategy.data] : ['keyword', 'vector', 'hybrid'],
        ...(typeof split === 'string' ? { split } : {}),
        ...(typeof runFile === 'string' ? { runFile: resolve(runFile) } : {}),
        onProgress: context.progress,
      });
      context.print(report, formatBeirEvaluation(report));
      return 0;
    }
    if (context.values.run !== undefined || context.values.split !== undefined) throw new UsageError('--run and --split go with --beir DIR');
    // The diary is evaluated on its plans (offline, no database): the planner is what reads a question.
    if (context.values.corpus === 'diary') {
      const report = runDiaryEvaluation(typeof setFile === 'string' ? loadDiaryEvaluationPath(resolve(setFile)) : loadDiaryEvaluation());
      context.print(report, formatDiaryEvaluation(report));
      return 0;
    }
    const rerank = onOffFlag(context.values.rerank, '--rerank');
    const tree = context.values.tree === true;
    if (tree && typeof context.values.corpus !== 'string') throw new UsageError('--tree compares flat and tree search on one corpus: add --corpus catalog');
    const services = await context.services();
    if (tree && !services.module(context.values.corpus as string)?.evaluation?.tree) {
      throw new UsageError(`--tree needs a corpus with a tree search; the ${String(context.values.corpus)} corpus has none (the catalog and the manuals have)`);
    }
    // A corpus may read its own set format (the KB's shipped sets list "questions"); any corpus reads the generic one.
    const loadPath = typeof context.values.corpus === 'string' ? services.module(context.values.corpus)?.evaluation?.loadPath : undefined;
    const cases = typeof setFile === 'string' ? (loadPath ? loadPath(resolve(setFile)) : loadSetFile(resolve(setFile), context.values.corpus)) : undefined;
    const report = await runEvaluation(services, {
      ...(typeof context.values.corpus === 'string' ? { corpus: context.values.corpus } : {}),
      ...(strategy?.success ? { strategy: strategy.data } : {}),
      ...(cases ? { cases } : {}),
      ...(rerank !== undefined ? { rerank } : {}),
      ...(context.values['language-variants'] === true ? { languageVariants: true } : {}),
      ...(tree ? { tree: true } : {}),
      onProgress: context.progress,
    });
    if (context.values.corpus === undefined) {
      const diary = runDiaryEvaluation(loadDiaryEvaluation());
      context.print({ ...report, diary }, `${formatEvaluation(report)}\n\n${formatDiaryEvaluation(diary)}`);
      return 0;
    }
    context.print(report, formatEvaluation(report));
    return 0;
  },
};

/**
 * A set file for one corpus: the KB's sets have their own format (questions, key facts); a catalog set whose every
 * expected item is a field id (`source.physical_name`) is scored on the fields themselves, not on their sources.
 */
function loadSetFile(file: string, corpus: unknown): EvaluationCase[] {
  if (corpus === 'kb' && /"questions"\s*:/.test(readFileSync(file, 'utf8'))) return loadKbEvaluationCases([file]);
  const cases = loadEvaluationPath(file);
  if (corpus !== 'catalog') return cases;
  return cases.map((entry) => (entry.expected.length > 0 && entry.expected.every((item) => item.includes('.')) ? { ...entry, matchHitId: true } : entry));
}
