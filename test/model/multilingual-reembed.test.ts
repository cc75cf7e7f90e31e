/**
 * `cita reembed` with the real USE-multilingual-v3 builds the cross-language space of a corpus loaded before the
 * model was present, and `cita status` counts its vectors. (The main embedder is absent here, so the run also shows
 * that the cross-language space does not wait for it.)
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../main/app/bootstrap.js';
import { runCita } from '../helpers/cli.js';
import { multilingualDir, realMultilingualTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realMultilingualTests('cita reembed of the cross-language space');
const tempDir = useTempDirs();

describe.runIf(run)('cita reembed with the multilingual model', () => {
  it("fills the catalog's cross-language space and status shows its vectors", async () => {
    const dataDir = tempDir();
    const services = await createServices({ dataDir, embedder: null, multilingual: null });
    try {
      await services.module('catalog')?.ingest?.({});
    } finally {
      await services.close();
    }
    const env = { CITA_MODEL_DIR: join(dataDir, 'no-model'), CITA_MULTILINGUAL_DIR: multilingualDir };
    const before = runCita(['status', '--data-dir', dataDir, '--json'], { env }).json() as { multilingual: { corpora: Array<{ corpus: string; vectors: number; missing: number }> } };
    expect(before.multilingual.corpora.find((corpus) => corpus.corpus === 'catalog')).toMatchObject({ vectors: 0, missing: 216 });

    const reembed = runCita(['reembed', '--corpus', 'catalog', '--data-dir', dataDir], { env });
    expect(reembed.status, reembed.stderr).toBe(0);
    expect(reembed.stderr).toMatch(/reembed catalog \(cross-language\): \d+ of 216/);
    expect(reembed.stdout).toMatch(/catalog \(cross-language\): 216 embedded/);
    expect(reembed.stdout).toMatch(/catalog: skipped/);

    const status = runCita(['status', '--data-dir', dataDir], { env });
    expect(status.stdout).toMatch(/catalog\s+multilingual vectors 216\s+stale 0\s+missing 0/);
  }, 120_000);
});
