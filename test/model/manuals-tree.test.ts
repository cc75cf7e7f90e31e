/**
 * The manuals corpus with the real bge-small model, on the shipped TTS Handbook pages (the smallest manual): the
 * summaries are chosen by the model and are the sections' own sentences; the questions about that manual are found
 * flat (Hit Rate@3 gate) and the tree search returns only passages under the sections it kept.
 */

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import type { CorpusModule } from '../../main/corpora/corpus-module.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { loadEvaluationPath } from '../../main/corpora/evaluation-file.js';
import { readManualFile, shippedManualsDirectory } from '../../main/corpora/manuals/manual-files.js';
import { summaryCandidates } from '../../main/corpora/manuals/manual-summary.js';
import { readManualBody } from '../../main/corpora/manuals/manual-text.js';
import { manualSections } from '../../main/corpora/manuals/manual-tree.js';
import { repositoryRoot } from '../helpers/cli.js';
import { modelDir, realModelTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('manuals tree with the real model');
const tempDir = useTempDirs();
const manualFile = join(shippedManualsDirectory(), 'tts-handbook-policies.md');

describe.runIf(run)('manuals with the real bge-small model', () => {
  let services: Services;
  let manuals: CorpusModule;

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), modelDir });
    manuals = services.module('manuals') as CorpusModule;
    const counts = await ingestCorpus(services, manuals, { from: manualFile });
    expect(counts.inserted).toBe(1);
  }, 600_000);

  afterAll(async () => {
    await services?.close();
  });

  it("summarises each section with the model's choice of its own sentences", async () => {
    const manual = await readManualFile(manualFile);
    const body = readManualBody(manual.body);
    const candidates = new Map(manualSections(manual.id, manual.title, body.text).map((section) => [section.itemKey, summaryCandidates(section.text, body.tableRows)]));
    const rows = services.db.prepare('SELECT item_key, summary, summary_by FROM manual_sections').all() as Array<{ item_key: string; summary: string; summary_by: string }>;
    const embedder = services.embedding.describe().id;
    const summarised = rows.filter((row) => row.summary.length > 0);
    expect(summarised.length).toBeGreaterThan(40);
    let chosenOtherThanFirst = 0;
    for (const row of summarised) {
      expect(row.summary_by).toBe(embedder);
      // The summary is some of the section's own sentences, in reading order, and nothing else.
      const own = candidates.get(row.item_key) ?? [];
      let rest = row.summary;
      const used: number[] = [];
      own.forEach((sentence, position) => {
        if (rest.startsWith(sentence)) {
          rest = rest.slice(sentence.length).trimStart();
          used.push(position);
        }
      });
      expect(rest, row.item_key).toBe('');
      if (used.some((position, index) => position !== index)) chosenOtherThanFirst += 1;
    }
    // The model chose: many summaries are not simply the first sentences.
    expect(chosenOtherThanFirst).toBeGreaterThan(5);
  });

  it('finds the answering section of the questions about this manual flat, and the tree keeps to its branches', async () => {
    const cases = loadEvaluationPath(join(repositoryRoot, 'kb', 'eval', 'manuals.json')).filter((entry) => entry.expected.some((key) => key.startsWith('tts-handbook-policies#')));
    expect(cases.length).toBeGreaterThanOrEqual(8);
    let hits = 0;
    for (const entry of cases) {
      const result = await services.dispatcher.call('search', { corpus: 'manuals', query: entry.query, k: 10 }, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      const top3 = (result.value as SearchOutput).hits.slice(0, 3).map((hit) => hit.manual?.section_key);
      if (top3.some((key) => key !== undefined && entry.expected.includes(key))) hits += 1;
      const tree = await manuals.evaluation?.tree?.search({ corpus: 'manuals', query: entry.query, k: 10, profile: 'default' }, 2);
      for (const hit of tree?.output.hits ?? []) expect(tree?.branches).toContain(hit.manual?.section_key);
    }
    console.info(`manuals (TTS Handbook alone): flat hybrid Hit Rate@3 ${hits}/${cases.length}`);
    expect(hits / cases.length).toBeGreaterThanOrEqual(0.7);
  });
});
