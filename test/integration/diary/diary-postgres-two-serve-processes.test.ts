/**
 * Two real `cita serve` processes behind one PostgreSQL diary (issue #21): requests to both add entries for three
 * profiles at once while both answer reads, and every add is in the database once, none lost; each server then
 * shows the other's entries. Each server has a data directory of its own (its foods and profiles, prepared
 * beforehand, keyword-only): the entries name their foods by code. Runs the built cita (`npm run build:node`).
 */
import { describe, expect, it } from 'vitest';
import { createServices } from '../../../main/app/bootstrap.js';
import { startServedCita, type ServedCita } from '../../../main/bench/serve-bench.js';
import type { DiaryDay, DiaryEntry, Status } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { withClient } from '../../helpers/postgres-cuts.js';
import { useTempDirs } from '../../helpers/temp.js';
import { testToday } from './diary-helpers.js';

const run = postgresTests('two cita serve processes on one PostgreSQL diary');
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

const profiles = ['ana', 'ben', 'cho'] as const;

async function post<T>(server: ServedCita, operation: string, input: unknown): Promise<T> {
  const answer = (await server.post(operation, input)) as { ok: boolean; value: T; error?: { message: string } };
  if (!answer.ok) throw new Error(`${operation}: ${answer.error?.message}`);
  return answer.value;
}

/** A data directory with the IFCT foods and the three profiles, as each server of a team would have. */
async function dataDirectory(): Promise<string> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: null, reranker: null });
  try {
    await services.module('foods')?.ingest?.({});
    for (const id of profiles) services.profiles.ensure(id, id);
  } finally {
    await services.close();
  }
  return dataDir;
}

describe.runIf(run)('two cita serve processes sharing one PostgreSQL diary', () => {
  it('keep every entry both add for three profiles at once while both read, and show each other’s', async () => {
    const url = await freshDatabase();
    const empty = tempDir();
    // No model anywhere: keyword-only servers, so the test weighs the database, not inference.
    const environment = { CITA_MODEL_DIR: empty, CITA_MULTILINGUAL_DIR: empty, CITA_RERANKER_DIR: empty, CITA_DATABASE_URL: '' };
    const dataDirs = [await dataDirectory(), await dataDirectory()];
    const started = await Promise.allSettled(dataDirs.map((dataDir) => startServedCita(dataDir, { databaseUrl: url, env: environment, timeoutMs: 300_000 })));
    const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (running.length < 2) {
      await Promise.all(running.map((server) => server.stop()));
      throw (started.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason;
    }
    const [a, b] = running as [ServedCita, ServedCita];
    try {
      for (const server of [a, b]) {
        expect((await post<Status>(server, 'status', {})).stored).toEqual([{ corpus: 'diary', rows: 0, store: expect.stringMatching(/^PostgreSQL postgres:\/\//) }]);
      }
      const perServer = 90;
      let writing = true;
      let reads = 0;
      const reader = async (server: ServedCita, profile: string) => {
        while (writing) {
          await post<DiaryDay>(server, 'diary.day', { profile, date: testToday });
          await post(server, 'ask', { corpus: 'diary', profile, question: 'how much protein did I have today?', today: testToday });
          reads += 2;
        }
      };
      const writer = async (server: ServedCita, food: string) => {
        const added: DiaryEntry[] = [];
        for (let start = 0; start < perServer; start += 6) {
          const batch = Array.from({ length: 6 }, (_, offset) => start + offset).map((index) =>
            post<DiaryEntry>(server, 'diary.add', { profile: profiles[index % profiles.length], date: testToday, meal: 'snack', food, grams: 5 + index }),
          );
          added.push(...(await Promise.all(batch)));
        }
        return added;
      };
      const clock = Date.now();
      const readers = [a, b].flatMap((server) => profiles.map((profile) => reader(server, profile)));
      const written = (await Promise.all([writer(a, 'A015'), writer(b, 'L002')])).flat();
      writing = false;
      await Promise.all(readers);
      const seconds = (Date.now() - clock) / 1000;

      expect(new Set(written.map((entry) => entry.id)).size).toBe(perServer * 2);
      const stored = await withClient(
        url,
        async (client) => (await client.query<{ profile: string; n: number }>('SELECT profile, count(*)::int AS n FROM diary_entries GROUP BY profile ORDER BY profile')).rows,
      );
      expect(stored).toEqual(profiles.map((profile) => ({ profile, n: (perServer * 2) / profiles.length })));
      console.info(`diary on PostgreSQL: ${perServer * 2} adds through 2 cita serve processes in ${seconds.toFixed(1)} s, ${reads} reads meanwhile, 0 lost`);

      for (const profile of profiles) {
        const [fromA, fromB] = await Promise.all([a, b].map((server) => post<DiaryDay>(server, 'diary.day', { profile, date: testToday })));
        expect(fromB).toEqual(fromA);
        expect((fromA as DiaryDay).totals.entries).toBe((perServer * 2) / profiles.length);
      }
      expect((await post<Status>(b, 'status', {})).stored).toEqual([{ corpus: 'diary', rows: perServer * 2, store: expect.stringMatching(/^PostgreSQL /) }]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 600_000);
});
