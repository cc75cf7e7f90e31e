/**
 * After an embedder change, a re-embed ("cita reembed", the Index status's "Re-embed now") brings both of the
 * manuals' vector spaces up to date, their passages and their sections' summaries, and status counts both. The
 * summaries chosen are kept by the re-embed; the next ingest re-chooses them with the new embedder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();

function manualFolder(): string {
  const folder = join(tempDir(), 'manuals');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'kiln-manual.md'),
    '---\ntitle: Kiln manual\nsource_name: Test publisher\nsource_url: https://example.org/kiln\n---\n\n' +
      '## Firing\n\nBisque firing reaches cone 04 over eight hours. Glaze firing climbs faster after red heat. Never open the lid above two hundred degrees. Let the kiln cool a full day.\n\n' +
      '## Loading\n\nPlace shelves on three posts so they never rock. Keep glazed pieces a finger apart. Wipe glaze off every foot. Stilts hold pieces glazed underneath.\n',
  );
  return folder;
}

async function call<T>(services: Services, operation: string, input: unknown, role: 'viewer' | 'editor' = 'editor'): Promise<T> {
  const result = await services.dispatcher.call(operation as never, input as never, { transport: 'cli', role });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

type CorpusCounts = { corpus: string; rows: number; vectors: number; stale: number; missing: number };
const summaries = (services: Services) => services.db.prepare('SELECT summary, summary_by FROM manual_sections ORDER BY section_index').all() as Array<{ summary: string; summary_by: string }>;

describe('re-embedding the manuals', () => {
  it('re-embeds the passages and the summaries after an embedder change, with progress, and keeps the summaries until the next ingest', async () => {
    const dataDir = tempDir();
    const folder = manualFolder();
    const first = await createServices({ dataDir, embedder: createWordHashEmbedder({ id: 'test:first', dimensions: 32 }), multilingual: null });
    let chosenFirst: ReturnType<typeof summaries>;
    try {
      await ingestCorpus(first, first.module('manuals')!, { from: folder });
      chosenFirst = summaries(first);
      expect(chosenFirst.every((row) => row.summary_by === 'test:first')).toBe(true);
      const status = await call<{ corpora: CorpusCounts[] }>(first, 'status', {}, 'viewer');
      // Ingest embedded both spaces.
      expect(status.corpora.find((corpus) => corpus.corpus === 'manual-sections')).toMatchObject({ rows: 2, vectors: 2, stale: 0, missing: 0 });
    } finally {
      await first.close();
    }

    const services = await openServices({ dataDir, embedder: createWordHashEmbedder({ id: 'test:second', dimensions: 48 }), multilingual: null });
    const before = await call<{ corpora: CorpusCounts[] }>(services, 'status', {}, 'viewer');
    expect(before.corpora.find((corpus) => corpus.corpus === 'manuals')).toMatchObject({ rows: 2, missing: 2 });
    expect(before.corpora.find((corpus) => corpus.corpus === 'manual-sections')).toMatchObject({ rows: 2, missing: 2 });

    const progress: string[] = [];
    const job = await call<{ job: string }>(services, 'jobs.start', { kind: 'reembed' });
    const unsubscribe = services.events.on('job.progress', (event) => {
      if (event.job === job.job) progress.push(event.message);
    });
    const finished = await services.jobs.wait(job.job);
    unsubscribe();
    expect(finished.state, finished.message).toBe('done');
    expect(finished.message).toMatch(/manuals: 2 embedded/);
    expect(finished.message).toMatch(/manual-sections: 2 embedded/);
    expect(progress.some((line) => line.startsWith('manual-sections:'))).toBe(true);

    const after = await call<{ corpora: CorpusCounts[] }>(services, 'status', {}, 'viewer');
    for (const name of ['manuals', 'manual-sections']) expect(after.corpora.find((corpus) => corpus.corpus === name)).toMatchObject({ rows: 2, vectors: 2, stale: 0, missing: 0 });
    expect(summaries(services)).toEqual(chosenFirst);
    const tree = await call<{ hits: Array<{ manual?: { section_key: string } }>; notices: Array<{ code: string }> }>(
      services,
      'search',
      { corpus: 'manuals', query: 'glaze firing cone', tree_branches: 1, strategy: 'vector' },
      'viewer',
    );
    expect(tree.notices).toEqual([]);
    expect(tree.hits[0]?.manual?.section_key).toBe('kiln-manual#Firing');

    // The next ingest re-chooses the summaries with the embedder now in use.
    expect(await ingestCorpus(services, services.module('manuals')!, { from: folder })).toMatchObject({ updated: 1, unchanged: 0 });
    expect(summaries(services).every((row) => row.summary_by === 'test:second')).toBe(true);
  });
});
