/**
 * kill -9 while an ingest is embedding what it loaded. The rows are committed before embedding starts, so a kill
 * there leaves every row (searchable by keyword) and a prefix of whole vector batches; running the ingest again
 * reports every row unchanged and embeds exactly the rows still missing a vector. The embedder is the Voyage
 * client talking to the local stand-in of the cloud-embedder tests: deterministic, no model, no network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../main/app/bootstrap.js';
import { voyageEmbedderId } from '../../../main/embedding/cloud/voyage-embedder.js';
import { useTempDirs } from '../../helpers/temp.js';
import { startCloudStandIn, type StandIn } from '../embedding/cloud-stand-in.js';
import { writeCatalogJson } from './generate.js';
import { contentOf, copyDataDir, integrityAfterReopen, reportOutcomes, runCitaChild, type CrashOutcome } from './harness.js';

const voyageKey = 'pa-INGEST-CRASH-0123456789';
const tempDir = useTempDirs();
const outcomes: CrashOutcome[] = [];
const catalogTables = ['catalog_sources', 'catalog_fields', 'catalog_notes'];
let standIn: StandIn;
let shared: string;
let template: string;
let catalogFile: string;
let fields: number;

beforeAll(async () => {
  standIn = await startCloudStandIn({ voyage: voyageKey });
  shared = mkdtempSync(join(tmpdir(), 'cita-embed-crash-'));
  template = join(shared, 'template');
  const services = await createServices({ dataDir: template, embedder: null });
  services.settings.update({ embedder: { provider: 'voyage', cloud_batch_size: 20, cloud_pause_ms: 0 } });
  await services.close();
  catalogFile = join(shared, 'catalog.json');
  fields = writeCatalogJson(catalogFile, { sources: 10, fieldsPerSource: 150 }).fields;
}, 120_000);

afterAll(async () => {
  reportOutcomes(outcomes);
  await standIn?.close();
  if (shared) rmSync(shared, { recursive: true, force: true });
});

const environment = () => ({ CITA_VOYAGE_API_KEY: voyageKey, CITA_VOYAGE_BASE_URL: standIn.url, CITA_MODEL_DIR: '/nonexistent/cita-model' });
const ingest = (dataDir: string) => ['ingest', '--corpus', 'catalog', '--from', catalogFile, '--data-dir', dataDir];

/** Vectors of the catalog in the Voyage space, and rows with a missing, stale or orphaned vector. */
function vectorState(dataDir: string): { vectors: number; missing: number; stale: number; orphans: number } {
  const db = new BetterSqlite3(join(dataDir, 'cita.sqlite'), { readonly: true });
  try {
    sqliteVec.load(db);
    const table = (db.prepare('SELECT table_name FROM vector_spaces WHERE corpus = ? AND embedder_id = ?').get('catalog', voyageEmbedderId) as { table_name: string } | undefined)?.table_name;
    const rows = (db.prepare('SELECT count(*) AS n FROM catalog_fields').get() as { n: number }).n;
    if (!table) return { vectors: 0, missing: rows, stale: 0, orphans: 0 };
    return db
      .prepare(
        `SELECT (SELECT count(*) FROM ${table}) AS vectors,
                (SELECT count(*) FROM catalog_fields f WHERE f.id NOT IN (SELECT item_id FROM ${table})) AS missing,
                (SELECT count(*) FROM ${table} v JOIN catalog_fields f ON f.id = v.item_id WHERE v.content_hash != f.embed_hash) AS stale,
                (SELECT count(*) FROM ${table} v WHERE v.item_id NOT IN (SELECT id FROM catalog_fields)) AS orphans`,
      )
      .get() as { vectors: number; missing: number; stale: number; orphans: number };
  } finally {
    db.close();
  }
}

describe('kill -9 while an ingest embeds', () => {
  it.each([60, 500, 1100])(
    'killed once the provider has embedded %i texts: rows kept, whole batches kept, the next ingest embeds only the rest',
    async (texts) => {
      const dataDir = copyDataDir(template, tempDir());
      standIn.delayMs = 25;
      standIn.embedded.length = 0;
      const before = contentOf(join(dataDir, 'cita.sqlite'), catalogTables);
      const killed = await runCitaChild(ingest(dataDir), {
        env: environment(),
        // Polled: progress lines are throttled to one a second, the stand-in's count is exact.
        killWhen: (stderr) => /^embedding /m.test(stderr) && standIn.embedded.length >= texts,
      });
      outcomes.push({ scenario: 'catalog ingest while embedding (1500 fields)', point: `after ${texts} texts embedded`, killed: killed.signal === 'SIGKILL', state: 'after' });
      expect(killed.signal, `the ingest ended by itself: ${killed.stderr}`).toBe('SIGKILL');
      expect(integrityAfterReopen(join(dataDir, 'cita.sqlite'))).toEqual(['ok']);

      // The import itself committed before embedding began: every row is there, searchable by keyword.
      const afterKill = contentOf(join(dataDir, 'cita.sqlite'), catalogTables);
      expect(afterKill.hash).not.toBe(before.hash);
      expect(afterKill.counts.catalog_fields).toBe(fields);
      const partial = vectorState(dataDir);
      expect(partial.vectors).toBeGreaterThan(0);
      expect(partial.vectors).toBeLessThan(fields);
      expect(partial.vectors % 20, 'vectors are written a whole batch at a time').toBe(0);
      expect(partial).toMatchObject({ stale: 0, orphans: 0 });

      // A request the killed process had in flight is still answered (and recorded) by the stand-in: let it land.
      await new Promise((resolve) => setTimeout(resolve, 300));
      standIn.delayMs = 0;
      standIn.embedded.length = 0;
      const again = await runCitaChild([...ingest(dataDir), '--json'], { env: environment() });
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, updated: 0, unchanged: fields, removed: 0, embedded: fields - partial.vectors });
      expect(standIn.embedded).toHaveLength(fields - partial.vectors);
      expect(vectorState(dataDir)).toEqual({ vectors: fields, missing: 0, stale: 0, orphans: 0 });
      expect(contentOf(join(dataDir, 'cita.sqlite'), catalogTables).hash).toBe(afterKill.hash);
    },
    300_000,
  );
});
