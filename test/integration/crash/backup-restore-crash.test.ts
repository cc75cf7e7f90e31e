/**
 * kill -9 during `cita backup` and `cita restore`. A backup killed midway leaves the database untouched and no
 * backup under a final name that is not whole; a restore killed midway leaves either the old database or the
 * restored one (SQLite journals the copy), never a mix, and running it again completes.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../main/app/bootstrap.js';
import { useTempDirs } from '../../helpers/temp.js';
import { fingerprintFile } from '../../security/support/fingerprint.js';
import { writeCatalogJson, writeDiaryCsv } from './generate.js';
import { copyDataDir, integrityAfterReopen, reportOutcomes, runCitaChild, type CrashOutcome } from './harness.js';
import { keywordOnlyEnvironment, prepareSeededDataDir } from './prepare.js';

const tempDir = useTempDirs();
const outcomes: CrashOutcome[] = [];
let shared: string;
let template: string;
let otherBackup: string;

/** A data directory big enough (about 10 MB) that copying it takes many steps of the backup API. */
async function bigDataDir(dataDir: string, seed: number): Promise<void> {
  await prepareSeededDataDir(dataDir);
  const file = join(shared, `catalog-${seed}.json`);
  writeCatalogJson(file, { sources: 8, fieldsPerSource: 300 + seed });
  const csv = join(shared, `diary-${seed}.csv`);
  writeDiaryCsv(csv, { rows: 20_000, foodCodes: seed === 0 ? ['A001', 'A002'] : ['A003', 'A004'] });
  for (const args of [
    ['ingest', '--corpus', 'catalog', '--from', file, '--data-dir', dataDir],
    ['diary', 'import', csv, '--profile', 'p', '--data-dir', dataDir],
  ]) {
    const run = await runCitaChild(args, { env: keywordOnlyEnvironment });
    if (run.code !== 0) throw new Error(run.stderr);
  }
}

beforeAll(async () => {
  shared = mkdtempSync(join(tmpdir(), 'cita-backup-crash-'));
  template = join(shared, 'live');
  await bigDataDir(template, 0);
  const other = join(shared, 'other');
  await bigDataDir(other, 1);
  const services = await createServices({ dataDir: other, embedder: null });
  const { backupDatabase } = await import('../../../main/app/backup.js');
  otherBackup = (await backupDatabase(services.db, other)).backup.file;
  await services.close();
}, 300_000);

afterAll(() => {
  reportOutcomes(outcomes);
  if (shared) rmSync(shared, { recursive: true, force: true });
});

const fractions = [0.5, 0.7, 0.8, 0.9, 0.95, 0.99];

describe('kill -9 during backup and restore', () => {
  it('a killed backup leaves the database as it was and no broken backup under a final name', async () => {
    const live = fingerprintFile(join(template, 'cita.sqlite'));
    const reference = await runCitaChild(['backup', '--data-dir', copyDataDir(template, tempDir())], { env: keywordOnlyEnvironment });
    expect(reference.code, reference.stderr).toBe(0);
    for (const fraction of fractions) {
      const dataDir = copyDataDir(template, tempDir());
      const run = await runCitaChild(['backup', '--data-dir', dataDir], {
        env: keywordOnlyEnvironment,
        kill: { label: `${fraction * 100}%`, from: 'spawn', delayMs: Math.round(fraction * reference.elapsedMs) },
      });
      const killed = run.signal === 'SIGKILL';
      expect(integrityAfterReopen(join(dataDir, 'cita.sqlite'))).toEqual(['ok']);
      expect(fingerprintFile(join(dataDir, 'cita.sqlite'))).toEqual(live);
      const finished = existsSync(join(dataDir, 'backups')) ? readdirSync(join(dataDir, 'backups')).filter((name) => name.endsWith('.sqlite')) : [];
      for (const name of finished) expect(fingerprintFile(join(dataDir, 'backups', name))).toEqual(live);
      outcomes.push({ scenario: 'cita backup (about 10 MB)', point: `${Math.round(fraction * 100)}% of the run`, killed, state: finished.length > 0 ? 'after' : 'before' });

      const again = await runCitaChild(['backup', '--data-dir', dataDir, '--json'], { env: keywordOnlyEnvironment });
      expect(again.code, again.stderr).toBe(0);
      expect(readdirSync(join(dataDir, 'backups')).filter((name) => name.endsWith('.partial'))).toEqual([]);
      expect(fingerprintFile((JSON.parse(again.stdout) as { backup: { file: string } }).backup.file)).toEqual(live);
    }
  }, 600_000);

  it('a killed restore leaves the old database or the restored one, and a second restore completes', async () => {
    const old = fingerprintFile(join(template, 'cita.sqlite'));
    const restored = fingerprintFile(otherBackup);
    expect(restored.hash).not.toBe(old.hash);
    const reference = await runCitaChild(['restore', otherBackup, '--data-dir', copyDataDir(template, tempDir())], { env: keywordOnlyEnvironment });
    expect(reference.code, reference.stderr).toBe(0);
    for (const fraction of fractions) {
      const dataDir = copyDataDir(template, tempDir());
      const run = await runCitaChild(['restore', otherBackup, '--data-dir', dataDir], {
        env: keywordOnlyEnvironment,
        kill: { label: `${fraction * 100}%`, from: 'spawn', delayMs: Math.round(fraction * reference.elapsedMs) },
      });
      const killed = run.signal === 'SIGKILL';
      expect(integrityAfterReopen(join(dataDir, 'cita.sqlite'))).toEqual(['ok']);
      const now = fingerprintFile(join(dataDir, 'cita.sqlite'));
      const state = now.hash === old.hash ? 'before' : now.hash === restored.hash ? 'after' : 'partial';
      outcomes.push({ scenario: 'cita restore (about 10 MB)', point: `${Math.round(fraction * 100)}% of the run`, killed, state });
      expect(state, JSON.stringify(now.counts)).not.toBe('partial');

      const again = await runCitaChild(['restore', otherBackup, '--data-dir', dataDir], { env: keywordOnlyEnvironment });
      expect(again.code, again.stderr).toBe(0);
      expect(fingerprintFile(join(dataDir, 'cita.sqlite'))).toEqual(restored);
      // The old database was saved by one of the two runs before anything was replaced.
      const saved = readdirSync(join(dataDir, 'backups')).filter((name) => name.endsWith('-before-restore.sqlite'));
      expect(saved.map((name) => fingerprintFile(join(dataDir, 'backups', name)).hash)).toContain(old.hash);
    }
  }, 600_000);
});
