import { join } from 'node:path';
import type { AskOutput } from '../../shared/contract.js';
import { createServices } from '../app/bootstrap.js';
import { loadKbEvaluationCases } from '../corpora/kb/kb-evaluation.js';
import { timeEach, type LatencySummary } from './stats.js';

export interface KbBenchResult {
  embedderId: string | null;
  rerankerId: string | null;
  questions: number;
  /** `ask --corpus kb` end to end, as the app runs it: retrieval, cross-encoder over the candidates, answerability, sentences. */
  askWithRerank: LatencySummary;
  /** The same with the cross-encoder switched off: what reranking costs. */
  askWithoutRerank: LatencySummary;
  /** With the cross-encoder, the example questions switched off (`kb.examples`): what reading them costs. */
  askWithoutExamples: LatencySummary;
  /** Share of the timed questions answered (not refused), with the cross-encoder. */
  answeredShare: number;
}

/**
 * KB answer latency on the shipped cards with the real models: every question of the shipped KB sets (answerable and
 * not), each asked `rounds` times, with and without the cross-encoder.
 */
export async function benchKbAsk(options: { workDir: string; modelDir: string; rerankerDir?: string; rounds: number; quick: boolean; progress?: (message: string) => void }): Promise<KbBenchResult> {
  const progress = options.progress ?? (() => undefined);
  const services = await createServices({ dataDir: join(options.workDir, 'kb'), modelDir: options.modelDir, ...(options.rerankerDir ? { rerankerDir: options.rerankerDir } : {}) });
  try {
    progress('kb: loading and embedding the clinical cards');
    const ingested = await services.dispatcher.call('ingest', { corpus: 'kb' }, { transport: 'cli', role: 'editor' });
    if (!ingested.ok) throw new Error(ingested.error.message);
    const all = loadKbEvaluationCases().map((entry) => entry.query);
    const questions = options.quick ? all.filter((_question, index) => index % 4 === 0) : all;
    const ask =
      (rerank: boolean, examples = true) =>
      async (question: string) => {
        services.settings.update({ kb: { rerank, examples } });
        const result = await services.dispatcher.call('ask', { corpus: 'kb', question }, { transport: 'cli', role: 'viewer' });
        if (!result.ok) throw new Error(result.error.message);
        return result.value as AskOutput;
      };
    const repeat = Array.from({ length: options.rounds }, () => questions).flat();
    progress(`kb: timing ${repeat.length} answers with the cross-encoder`);
    const askWithRerank = await timeEach(repeat, ask(true), 3);
    progress(`kb: timing ${repeat.length} answers without it`);
    const askWithoutRerank = await timeEach(repeat, ask(false), 3);
    progress(`kb: timing ${repeat.length} answers with the cross-encoder, without the example questions`);
    const askWithoutExamples = await timeEach(repeat, ask(true, false), 3);
    let answered = 0;
    for (const question of questions) if (!(await ask(true)(question)).refused) answered += 1;
    return {
      embedderId: services.embedding.describe().id,
      rerankerId: services.reranker.describe().id,
      questions: questions.length,
      askWithRerank,
      askWithoutRerank,
      askWithoutExamples,
      answeredShare: Math.round((answered / questions.length) * 1000) / 1000,
    };
  } finally {
    await services.close();
  }
}
