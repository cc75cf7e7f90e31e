import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupDatabase, backupsDirOf, inspectBackupFile, listBackups, restoreDatabase } from '../../main/app/backup.js';
import { createServices, databaseFileOf } from '../../main/app/bootstrap.js';
import { openDatabase, shippedMigrations } from '../../main/db/connection.js';
import { startServe } from '../helpers/browser.js';
import { createWordHashEmbedder } from '../helpers/fake-embedder.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { fingerprintFile, integrityOf } from './support/fingerprint.js';

const tempDir = useTempDirs();

/** A data directory with one profile food and its vector (so restore meets a vector space's tables), closed again. */
async function dataDirWith(foodName: string): Promise<string> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: createWordHashEmbedder() });
  const result = await services.dispatcher.call('foods.add', { name: foodName, per100g: { energy_kcal: 100 } }, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new Error(result.error.message);
  await services.close();
  return dataDir;
}

async function addFood(dataDir: string, name: string): Promise<void> {
  const services = await createServices({ dataDir, embedder: null });
  await services.dispatcher.call('foods.add', { name, per100g: { energy_kcal: 100 } }, { transport: 'cli', role: 'editor' });
  await services.close();
}

function ownFoodNames(dataDir: string): string[] {
  const db = new BetterSqlite3(databaseFileOf(dataDir), { readonly: true });
  try {
    return db
      .prepare<[], { name: string }>('SELECT name FROM foods WHERE owner IS NOT NULL ORDER BY id')
      .all()
      .map((row) => row.name);
  } finally {
    db.close();
  }
}

async function takeBackup(dataDir: string, options: { keep?: number; now?: Date } = {}) {
  const db = openDatabase(databaseFileOf(dataDir));
  try {
    return await backupDatabase(db, dataDir, options);
  } finally {
    db.close();
  }
}

describe('cita backup', () => {
  it('writes one intact, self-contained copy of the data under backups/, readable by its owner only', async () => {
    const dataDir = await dataDirWith('Gazpacho de la abuela');
    const { backup } = await takeBackup(dataDir);
    expect(backup.file.startsWith(join(backupsDirOf(dataDir), 'cita-'))).toBe(true);
    expect(existsSync(`${backup.file}-wal`)).toBe(false);
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(integrityOf(backup.file)).toBe('ok');
    expect(fingerprintFile(backup.file)).toEqual(fingerprintFile(databaseFileOf(dataDir)));
  });

  it('keeps only the newest N backups', async () => {
    const dataDir = await dataDirWith('Salmorejo');
    const times = ['2030-01-01T10:00:00.000Z', '2030-01-02T10:00:00.000Z', '2030-01-03T10:00:00.000Z', '2030-01-04T10:00:00.000Z'];
    let last;
    for (const time of times) last = await takeBackup(dataDir, { keep: 2, now: new Date(time) });
    expect(listBackups(dataDir).map((backup) => backup.taken_at)).toEqual(times.slice(2));
    expect(last?.removed).toHaveLength(1);
  });

  it('removes the half-written file a crash left behind', async () => {
    const dataDir = await dataDirWith('Pisto');
    await takeBackup(dataDir);
    const partial = join(backupsDirOf(dataDir), 'cita-20300101T000000000Z.sqlite.partial');
    writeFileSync(partial, 'half a backup');
    await takeBackup(dataDir);
    expect(existsSync(partial)).toBe(false);
  });

  it('refuses from the command line when there is no database, creating none', () => {
    const dataDir = tempDir();
    const run = runCita(['backup', '--data-dir', dataDir]);
    expect(run.status).toBe(1);
    expect(existsSync(databaseFileOf(dataDir))).toBe(false);
    expect(runCita(['backup', '--keep', '0', '--data-dir', dataDir]).status).toBe(2);
  });

  it('works from the command line and prints one JSON document', async () => {
    const dataDir = await dataDirWith('Fabada');
    const run = runCita(['backup', '--keep', '3', '--data-dir', dataDir, '--json']);
    expect(run.status).toBe(0);
    const result = run.json() as { backup: { file: string }; kept: number };
    expect(existsSync(result.backup.file)).toBe(true);
    expect(result.kept).toBe(1);
  });
});

describe('cita restore', () => {
  it('brings the backed-up data back and saves the replaced database first', async () => {
    const dataDir = await dataDirWith('Cocido');
    const { backup } = await takeBackup(dataDir);
    await addFood(dataDir, 'Added after the backup');
    const beforeRestore = fingerprintFile(databaseFileOf(dataDir));

    const result = await restoreDatabase({ dataDir, databaseFile: databaseFileOf(dataDir), file: backup.file });

    expect(ownFoodNames(dataDir)).toEqual(['Cocido']);
    expect(integrityOf(databaseFileOf(dataDir))).toBe('ok');
    expect(result.saved).not.toBeNull();
    expect(fingerprintFile(result.saved?.file as string)).toEqual(beforeRestore);
  });

  it('migrates a backup from an older schema to this one', async () => {
    const dataDir = tempDir();
    const old = join(tempDir(), 'old.sqlite');
    openDatabase(old, { upTo: 1 }).close();
    const result = await restoreDatabase({ dataDir, databaseFile: databaseFileOf(dataDir), file: old });
    expect(result.schema_version_before).toBe(1);
    expect(result.schema_version).toBe(shippedMigrations().length);
    expect(result.saved).toBeNull();
  });

  it('replaces a damaged database, keeping the damaged file as it was', async () => {
    const dataDir = await dataDirWith('Paella');
    const { backup } = await takeBackup(dataDir);
    const live = databaseFileOf(dataDir);
    const damaged = Buffer.from(readFileSync(live));
    damaged.fill(0x5a, 0, 100);
    writeFileSync(live, damaged);
    const result = await restoreDatabase({ dataDir, databaseFile: live, file: backup.file });
    expect(readFileSync(result.saved?.file as string).equals(damaged)).toBe(true);
    expect(ownFoodNames(dataDir)).toEqual(['Paella']);
  });

  describe('refuses, changing nothing,', () => {
    async function refused(makeFile: (directory: string) => string, code: string): Promise<void> {
      const dataDir = await dataDirWith('Croquetas');
      const before = fingerprintFile(databaseFileOf(dataDir));
      const file = makeFile(tempDir());
      await expect(restoreDatabase({ dataDir, databaseFile: databaseFileOf(dataDir), file })).rejects.toMatchObject({ code });
      expect(fingerprintFile(databaseFileOf(dataDir))).toEqual(before);
      expect(existsSync(backupsDirOf(dataDir)) ? readdirSync(backupsDirOf(dataDir)) : []).toEqual([]);
    }

    it('a file that does not exist', () => refused((directory) => join(directory, 'missing.sqlite'), 'not_found'));

    it('a file that is not a database', () =>
      refused((directory) => {
        writeFileSync(join(directory, 'notes.sqlite'), 'date,meal,food_code,grams\n'.repeat(200));
        return join(directory, 'notes.sqlite');
      }, 'invalid_input'));

    it('an SQLite database that is not cita’s', () =>
      refused((directory) => {
        const file = join(directory, 'other.sqlite');
        const db = new BetterSqlite3(file);
        db.exec('CREATE TABLE songs (title TEXT)');
        db.pragma('user_version = 3');
        db.close();
        return file;
      }, 'invalid_input'));

    it('a database from a newer cita', () =>
      refused((directory) => {
        const file = join(directory, 'newer.sqlite');
        openDatabase(file).close();
        const db = new BetterSqlite3(file);
        db.pragma(`user_version = ${shippedMigrations().length + 1}`);
        db.close();
        return file;
      }, 'database_too_new'));

    it('a cita backup that fails its integrity check', () =>
      refused((directory) => {
        const file = join(directory, 'damaged.sqlite');
        const db = openDatabase(file);
        db.exec("INSERT INTO profiles (id, name) VALUES ('p1', 'x'), ('p2', 'y'), ('p3', 'z')");
        db.pragma('journal_mode = DELETE');
        db.close();
        // Corrupt the profiles index without touching the header: integrity_check notices, opening does not.
        const bytes = readFileSync(file);
        const where = bytes.indexOf(Buffer.from('p2'));
        bytes.write('p9', where);
        writeFileSync(file, bytes);
        expect(integrityOf(file)).not.toBe('ok');
        return file;
      }, 'database_corrupt'));
  });

  it('checks a backup without opening it for writing', async () => {
    const dataDir = await dataDirWith('Churros');
    const { backup } = await takeBackup(dataDir);
    const bytes = readFileSync(backup.file);
    expect(inspectBackupFile(backup.file).schema_version).toBe(shippedMigrations().length);
    expect(readFileSync(backup.file).equals(bytes)).toBe(true);
  });

  it('works from the command line; a missing argument is a usage error', async () => {
    const dataDir = await dataDirWith('Torrijas');
    const { backup } = await takeBackup(dataDir);
    expect(runCita(['restore', '--data-dir', dataDir]).status).toBe(2);
    const run = runCita(['restore', backup.file, '--data-dir', dataDir, '--json']);
    expect(run.status).toBe(0);
    expect(run.json()).toMatchObject({ restored_from: backup.file, saved: { file: expect.stringContaining('before-restore') } });
  });

  it('refuses while cita serve has the data directory open, changing nothing, and goes ahead once it stopped', async () => {
    const dataDir = await dataDirWith('Pisto');
    const { backup } = await takeBackup(dataDir);
    await addFood(dataDir, 'Added after the backup');
    const serve = await startServe(dataDir, { CITA_MODEL_DIR: '/nonexistent-model' });
    try {
      const refused = runCita(['restore', backup.file, '--data-dir', dataDir]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`cita serve (pid ${serve.process.pid}`);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(ownFoodNames(dataDir)).toEqual(['Pisto', 'Added after the backup']);
      expect(listBackups(dataDir).filter((entry) => entry.file.includes('before-restore'))).toEqual([]);
    } finally {
      await serve.stop();
    }
    expect(runCita(['restore', backup.file, '--data-dir', dataDir]).status).toBe(0);
    expect(ownFoodNames(dataDir)).toEqual(['Pisto']);
  });

  it('ignores the mark of a cita that is gone (killed or crashed) and clears it', async () => {
    const dataDir = await dataDirWith('Salmorejo');
    const { backup } = await takeBackup(dataDir);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    mkdirSync(join(dataDir, 'running'), { recursive: true });
    writeFileSync(join(dataDir, 'running', `${dead}.json`), JSON.stringify({ pid: dead, command: 'cita serve', since: '2026-01-01T00:00:00Z' }));
    await restoreDatabase({ dataDir, databaseFile: databaseFileOf(dataDir), file: backup.file });
    expect(readdirSync(join(dataDir, 'running'))).toEqual([]);
  });
});
