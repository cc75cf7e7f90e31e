import { strategySchema } from '../../../shared/contract.js';
import { resolve } from 'node:path';
import { formatDiaryEvaluation, loadDiaryEvaluation, loadDiaryEvaluationPath, runDiaryEvaluation } from '../../eval/diary-evaluation.js';
import { loadEvaluationPath } from '../../eval/evaluation-file.js';
import { formatEvaluation, runEvaluation } from '../../eval/run-evaluation.js';
import { UsageError, type Command } from '../command.js';
import { onOffFlag } from './search.js';

/** `cita eval`: Hit Rate@k, MRR and nDCG@10 per corpus × strategy × embedder. */
export const evalCommand: Command = {
  words: ['eval'],
  summary: 'Evaluate retrieval on the shipped evaluation sets: Hit Rate@k, MRR, nDCG@10 per corpus, strategy and embedder',
  usage: 'cita eval [--corpus catalog|kb|…] [--set FILE] [--strategy keyword|vector|hybrid] [--rerank on|off] [--data-dir DIR] [--json]',
  options: { corpus: { type: 'string' }, strategy: { type: 'string' }, set: { type: 'string' }, rerank: { type: 'string' } },
  async run(context) {
    const strategyFlag = context.values.strategy;
    const strategy = strategyFlag === undefined ? undefined : strategySchema.safeParse(strategyFlag);
    if (strategy && !strategy.success) throw new UsageError(`--strategy must be keyword, vector or hybrid (got "${String(strategyFlag)}")`);
    const setFile = context.values.set;
    if (typeof setFile === 'string' && typeof context.values.corpus !== 'string') throw new UsageError('--set needs --corpus: the corpus the set is for');
    // The diary is evaluated on its plans (offline, no database): the planner is what reads a question.
    if (context.values.corpus === 'diary') {
      const report = runDiaryEvaluation(typeof setFile === 'string' ? loadDiaryEvaluationPath(resolve(setFile)) : loadDiaryEvaluation());
      context.print(report, formatDiaryEvaluation(report));
      return 0;
    }
    const cases = typeof setFile === 'string' ? loadEvaluationPath(resolve(setFile)) : undefined;
    const rerank = onOffFlag(context.values.rerank, '--rerank');
    const services = await context.services();
    const report = await runEvaluation(services, {
      ...(typeof context.values.corpus === 'string' ? { corpus: context.values.corpus } : {}),
      ...(strategy?.success ? { strategy: strategy.data } : {}),
      ...(cases ? { cases } : {}),
      ...(rerank !== undefined ? { rerank } : {}),
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
