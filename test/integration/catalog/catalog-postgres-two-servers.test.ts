/**
 * Two real `cita serve` processes behind one PostgreSQL (issue #21): what one of them writes the other finds at its
 * very next search (no process keeps an index of its own that could go stale), and writes through both and beside
 * them, while both serve searches, lose nothing. The contract's only catalog write over HTTP is `ingest` (the
 * shipped catalog, idempotent); a team's own catalogs arrive through `cita ingest --from`, run here as three more
 * processes. Runs the built cita (`npm run build:node`) with the real local embedder, without the multilingual one.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { startServedCita, type ServedCita } from '../../../main/bench/serve-bench.js';
import { runCitaAsync } from '../../helpers/cli.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { useTempDirs } from '../../helpers/temp.js';
import { fieldTotal, letters, writeCatalogJson, type SeedJson } from './catalog-fixtures.js';

const run = postgresTests('two cita serve processes on one PostgreSQL');
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

/** One team's catalog: a source of its own with `fields` fields whose business names no other field shares. */
function teamCatalog(team: string, fields: number): SeedJson {
  const source = `equipo_${team}`;
  return {
    version: 1,
    sources: [{ id: source, name: `Equipo ${team}`, system: 'prueba', owner: `Equipo ${team}`, description: 'Importado durante la prueba de dos servidores' }],
    fields: Array.from({ length: fields }, (_, index) => ({
      source,
      physical_name: `IND_${team.toUpperCase()}_${index}`,
      business_name: `Indicador ${team} ${letters(index)}${letters(index)}`,
      definition: `Medida ${letters(index)} que el equipo ${team} publica cada mes.`,
      data_type: 'DECIMAL(18,2)',
    })),
  };
}

async function search(server: ServedCita, query: string, k = 10): Promise<SearchOutput> {
  const answer = (await server.post('search', { corpus: 'catalog', query, strategy: 'hybrid', k })) as { ok: boolean; value: SearchOutput };
  expect(answer.ok).toBe(true);
  return answer.value;
}

async function sourcesOf(server: ServedCita): Promise<Array<{ id: string; fields: number }>> {
  return ((await server.post('catalog.sources', {})) as { value: Array<{ id: string; fields: number }> }).value;
}

describe.runIf(run)('two cita serve processes sharing one PostgreSQL', () => {
  it('find at once what the other wrote, lose no write made through both and beside them while both search, and outlive their connections', async () => {
    const url = await freshDatabase();
    // The real local embedder; no cross-language model, so three processes load one model each and not two.
    const environment = { CITA_MULTILINGUAL_DIR: tempDir(), CITA_DATABASE_URL: '' };
    const [a, b] = await Promise.all([startServedCita(tempDir(), { databaseUrl: url, env: environment }), startServedCita(tempDir(), { databaseUrl: url, env: environment })]);
    try {
      // B has searched (and so built whatever it keeps) before A writes anything.
      expect((await search(b, 'saldo vencido')).hits).toEqual([]);
      const ingested = (await a.post('ingest', { corpus: 'catalog' })) as { value: { inserted: number; embedded: number } };
      expect(ingested.value).toMatchObject({ inserted: 216, embedded: 216 });
      const seen = await search(b, 'saldo vencido');
      expect(seen.hits[0]?.id).toBe('creditos.CRT_SALDO_VENCIDO_MN');
      expect(seen.notices).toEqual([]);
      // By meaning too: B's vector search reads the vectors A wrote.
      expect((await b.post('search', { corpus: 'catalog', query: 'saldo vencido', strategy: 'vector', k: 5 })) as { value: SearchOutput }).toMatchObject({
        value: { hits: expect.arrayContaining([expect.objectContaining({ id: 'creditos.CRT_SALDO_VENCIDO_MN' })]) },
      });

      // Writes through both servers and from three `cita ingest --from` processes, while both servers search.
      const teams = ['alfa', 'beta', 'gamma'];
      const perTeam = 20;
      let writing = true;
      const failures: string[] = [];
      const searching = [a, b].map(async (server, index) => {
        const queries = ['saldo vencido de la cartera', 'tasa de interés', 'Indicador alfa', 'días de atraso'];
        let done = 0;
        while (writing) {
          await search(server, queries[(done + index) % queries.length] as string).catch((error: unknown) => failures.push((error as Error).message));
          done += 1;
        }
        return done;
      });
      // Searching stops however the writes end, so a failed write is what the test reports.
      const writes = await Promise.all([
        a.post('ingest', { corpus: 'catalog' }),
        b.post('ingest', { corpus: 'catalog' }),
        ...teams.map((team) =>
          runCitaAsync(['ingest', '--corpus', 'catalog', '--json', '--from', writeCatalogJson(tempDir(), teamCatalog(team, perTeam)), '--data-dir', tempDir(), '--database', url], {
            env: environment,
          }),
        ),
      ]).finally(() => (writing = false));
      const searched = await Promise.all(searching);
      expect(failures).toEqual([]);
      expect(searched.every((count) => count > 0)).toBe(true);
      const [throughA, throughB, ...imports] = writes as [{ value: { unchanged: number } }, { value: { unchanged: number } }, ...Array<Awaited<ReturnType<typeof runCitaAsync>>>];
      expect([throughA.value.unchanged, throughB.value.unchanged]).toEqual([216, 216]);
      for (const imported of imports) {
        expect(imported.status, imported.stderr).toBe(0);
        expect(imported.json()).toMatchObject({ inserted: perTeam });
      }
      // An ingest embeds every field still without a vector, its own or another process's: together, at least all.
      expect(imports.reduce((sum, imported) => sum + (imported.json() as { embedded: number }).embedded, 0)).toBeGreaterThanOrEqual(teams.length * perTeam);

      // Every write, through either server: every field listed and each one found first by its own name.
      for (const server of [a, b]) {
        const sources = await sourcesOf(server);
        expect(sources).toHaveLength(9 + teams.length);
        expect(sources.reduce((sum, source) => sum + source.fields, 0)).toBe(216 + teams.length * perTeam);
        for (const team of teams) {
          for (const field of teamCatalog(team, perTeam).fields) {
            expect((await search(server, field.business_name, 3)).hits[0]?.id).toBe(`${field.source}.${field.physical_name}`);
          }
        }
        const status = (await server.post('status', {})) as { value: { corpora: Array<{ corpus: string; rows: number; vectors: number; missing: number }> } };
        expect(status.value.corpora.find((entry) => entry.corpus === 'catalog')).toMatchObject({ rows: 276, vectors: 276, missing: 0 });
      }
      expect(await fieldTotal(url)).toEqual({ kept: 276, counted: 276 });

      // The database drops every connection (a restart, an administrator): both servers live on and answer.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const terminated = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
        expect(terminated.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      for (const server of [a, b]) expect((await search(server, 'saldo vencido')).hits[0]?.id).toBe('creditos.CRT_SALDO_VENCIDO_MN');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 300_000);
});
