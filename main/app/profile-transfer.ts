import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { operations, profileIdSchema } from '../../shared/contract.js';
import { nutrientKeys } from '../../shared/nutrients.js';
import type { Result } from '../../shared/result.js';
import { createDiaryLineReader, createEntriesDigest, importColumns, optionalImportColumns, portionFinder } from '../corpora/diary/diary-import.js';
import type { FoodRow } from '../corpora/foods/foods-repository.js';
import type { VisibleFoods } from '../corpora/foods/foods-store.js';
import { createFoodsStore } from '../corpora/foods/foods-stores.js';
import type { NewEntry } from '../corpora/diary/diary-repository.js';
import type { DiaryRows, ProfileImportWriter } from '../corpora/diary/diary-store.js';
import { createDiaryStore } from '../corpora/diary/diary-stores.js';
import { latestEntryDate } from '../corpora/diary/diary-service.js';
import type { Services } from './bootstrap.js';
import { AppError } from '../core/errors.js';
import { localToday } from '../core/local-today.js';
import { csvText, exportDirectory, forEachCsvRow, forEachLine, neutraliseFormula, pathTaken, restoreFormula, writeExclusive, type CsvRow } from './transfer-files.js';

/** The files of a profile export; `diary.csv` is exactly what `cita diary import` reads. */
export const exportFiles = { foods: 'foods.csv', diary: 'diary.csv', targets: 'targets.csv' } as const;

const foodColumns = ['code', 'name', 'brand', ...nutrientKeys] as const;
const diaryColumns = [...importColumns, ...optionalImportColumns];
const targetColumns = ['nutrient', 'amount', 'effective_from'] as const;
/** Diary entries written per statement batch while importing (the whole import is still one transaction). */
const diaryBatch = 5_000;
/** Problems listed in a refusal (the rest are counted). */
const maxListedProblems = 50;

export interface TransferCounts {
  profile: string;
  directory: string;
  foods: number;
  diary: number;
  targets: number;
}

/**
 * Writes a profile's own foods, diary entries and targets as CSV files into `directory` (created 0700 if needed; it
 * must be the user's own and not writable by others), from wherever they are (the SQLite file or PostgreSQL). Each
 * file is written exclusively, never through a file or link someone left where it goes.
 */
export async function exportProfile(services: Pick<Services, 'db' | 'profiles' | 'postgres'>, profile: string, directory: string): Promise<TransferCounts> {
  if (!services.profiles.exists(profile)) throw new AppError('not_found', `There is no profile "${profile}".`);
  // Links count, dangling or not (lstat): nothing is written unless every name is free.
  const clashes = Object.values(exportFiles)
    .flatMap((name) => [name, `${name}.partial`])
    .filter((name) => pathTaken(join(directory, name)));
  if (clashes.length > 0) throw new AppError('conflict', `${directory} already holds ${clashes.join(', ')}; choose an empty directory (nothing was overwritten).`);
  const target = exportDirectory(directory);
  // One read: the three files describe the same moment (a SQLite read transaction, or one PostgreSQL snapshot).
  const { foods, entries, targets } = await createDiaryStore(services).exportRows(profile);
  writeExclusive(
    target,
    exportFiles.foods,
    csvText(
      foodColumns,
      foods.map((food) => [food.code, neutraliseFormula(food.name), neutraliseFormula(food.brand), ...nutrientKeys.map((key) => food.nutrients[key])]),
    ),
  );
  writeExclusive(
    target,
    exportFiles.diary,
    csvText(
      diaryColumns,
      entries.map((entry) => [entry.date, entry.meal, entry.food_code, entry.grams, entry.portion, entry.quantity]),
    ),
  );
  writeExclusive(
    target,
    exportFiles.targets,
    csvText(
      targetColumns,
      targets.map((target) => [target.nutrient, target.amount, target.effective_from]),
    ),
  );
  return { profile, directory, foods: foods.length, diary: entries.length, targets: targets.length };
}

/** A number cell: null when empty, NaN when not a plain decimal (the schema then names the field). */
function numberCell(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function unwrap<T>(result: Result<T>, where: string): T {
  if (!result.ok) throw new AppError(result.error.code, `${where}: ${result.error.message} Nothing was imported.`, result.error.details);
  return result.value;
}

/** Problems found while checking an export: the first ones listed, all counted. */
function createProblems(): { add(...problems: string[]): void; addUnlisted(count: number): void; count(): number; listed(): string[] } {
  const listed: string[] = [];
  let count = 0;
  return {
    add(...problems) {
      count += problems.length;
      for (const problem of problems) if (listed.length < maxListedProblems) listed.push(problem);
    },
    addUnlisted(more) {
      count += more;
    },
    count: () => count,
    listed: () => listed,
  };
}

function zodProblems(file: string, line: number, result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => `${file} line ${line}: ${issue.path.map(String).join('.') || 'row'}: ${issue.message}`);
}

function foodInput(profile: string, cells: CsvRow['cells']) {
  const per100g: Record<string, unknown> = {};
  for (const key of nutrientKeys) {
    const value = numberCell(cells[key] ?? '');
    if (value !== null) per100g[key] = value;
  }
  return { profile, name: restoreFormula(cells.name ?? ''), brand: restoreFormula(cells.brand ?? ''), per100g };
}

function targetInput(profile: string, cells: CsvRow['cells']) {
  return { profile, nutrient: (cells.nutrient ?? '').trim(), amount: numberCell(cells.amount ?? '') ?? Number.NaN, effective_from: (cells.effective_from ?? '').trim() };
}

/** The refusal of an import into a profile that holds data already. */
function alreadyHasData(profile: string, rows: DiaryRows): AppError {
  return new AppError('conflict', `Profile "${profile}" already has data (${rows.foods} foods, ${rows.entries} diary entries, ${rows.targets} targets); import into a new or empty profile.`);
}

/**
 * Reads an export (foods.csv, diary.csv, targets.csv; each optional) into a new or empty profile, all or nothing.
 * Any export cita wrote is accepted, whatever its size: the files are read as streams, twice. The first pass checks
 * every row of every file against the contract (the diary's food codes against the shared foods and the export's
 * own) before anything is written; the second writes foods, diary and targets inside one transaction that is rolled
 * back on any error. Own foods get new codes; the diary's references to them follow. With the diary on PostgreSQL
 * the profile is one SQLite transaction and its own foods, diary and targets one PostgreSQL transaction, the first
 * committed once the second's commit is known (a lost commit is looked up; unsaved, both are undone). Meant for the
 * CLI, which exits afterwards: a rolled-back import leaves in-memory keyword entries behind that the next start does
 * not rebuild.
 */
export async function importProfile(services: Services, profileInput: string, directory: string, options: { name?: string } = {}): Promise<TransferCounts> {
  const profile = profileIdSchema.safeParse(profileInput);
  if (!profile.success) throw new AppError('invalid_input', `profile: ${profile.error.issues[0]?.message}`);
  const id = profile.data;
  if (!existsSync(directory) || !statSync(directory).isDirectory()) throw new AppError('not_found', `There is no directory ${directory}.`);
  const files = { foods: join(directory, exportFiles.foods), diary: join(directory, exportFiles.diary), targets: join(directory, exportFiles.targets) };
  if (!existsSync(files.foods) && !existsSync(files.diary) && !existsSync(files.targets)) {
    throw new AppError('invalid_input', `${directory} holds none of ${Object.values(exportFiles).join(', ')}.`);
  }
  const store = createDiaryStore(services);
  const foodsStore = createFoodsStore(services);
  // The profile is new or empty (checked below): what it sees are the shipped foods and units.
  const visible = await foodsStore.visibleTo(id);
  const latest = latestEntryDate(localToday());

  // Pass 1: check everything, write nothing.
  const problems = createProblems();
  const ownCodes = new Set<string>();
  await forEachCsvRow(files.foods, { required: ['code', 'name'], allowed: foodColumns }, ({ line, cells }) => {
    problems.add(...zodProblems(exportFiles.foods, line, operations['foods.add'].input.safeParse(foodInput(id, cells))));
    const code = (cells.code ?? '').trim();
    if (code === '') problems.add(`${exportFiles.foods} line ${line}: code is empty`);
    else if (ownCodes.has(code)) problems.add(`${exportFiles.foods} line ${line}: code ${code.slice(0, 80)} appears twice`);
    ownCodes.add(code);
  });
  await forEachCsvRow(files.targets, { required: targetColumns, allowed: targetColumns }, ({ line, cells }) => {
    problems.add(...zodProblems(exportFiles.targets, line, operations['diary.targets.set'].input.safeParse(targetInput(id, cells))));
  });
  if (existsSync(files.diary)) {
    // An own food of the export stands for a food the import creates; any id will do while checking.
    const reader = createDiaryLineReader(id, (code) => (ownCodes.has(code) ? 0 : visible.food(code)?.id), {
      latest,
      maxRows: Number.POSITIVE_INFINITY,
      portion: portionFinder(visible),
    });
    await forEachLine(files.diary, (line, number) => {
      reader.read(line, number);
    });
    const summary = reader.summary();
    problems.add(...summary.errors.map((error) => `${exportFiles.diary} ${error}`));
    problems.addUnlisted(summary.errorCount - summary.errors.length);
  }
  if (problems.count() > 0) {
    throw new AppError('invalid_input', `The export in ${directory} has ${problems.count()} problem${problems.count() > 1 ? 's' : ''}; nothing was imported.`, problems.listed());
  }
  // Own foods are counted where they are kept, with the diary: the data directory's file, or PostgreSQL.
  const requireEmpty = (rows: DiaryRows) => {
    if (rows.foods + rows.entries + rows.targets > 0) throw alreadyHasData(id, rows);
  };
  // Before any write, to say so at once; checked again below where no other import can write meanwhile.
  requireEmpty(await store.profileRows(id));

  // Pass 2: write, in one transaction; a file changed since pass 1 fails its checks again and rolls everything back.
  // A second import in this process would join this one's transaction (the file's connection is shared): refused.
  if (services.db.inTransaction) throw new AppError('conflict', 'Another profile import is running in this process; nothing was imported. Run this one when it is done.');
  const editor = { transport: 'cli' as const, role: 'editor' as const };
  const counts = { foods: 0, diary: 0, targets: 0 };
  /** The own foods written in the diary store's transaction (PostgreSQL), embedded once it is committed. */
  const writtenThere: FoodRow[] = [];
  services.db.exec('BEGIN IMMEDIATE');
  try {
    await store.importProfile(id, {
      requireEmpty,
      write: async (writer) => {
        services.profiles.ensure(id, options.name ?? id);
        const newIds = new Map<string, number>();
        await forEachCsvRow(files.foods, { required: ['code', 'name'], allowed: foodColumns }, async ({ line, cells }) => {
          const where = `${exportFiles.foods} line ${line}`;
          const input = foodInput(id, cells);
          let row;
          if (writer.food) {
            // Where the store keeps own foods (PostgreSQL): in its transaction, checked as `foods.add` checks them.
            const food = operations['foods.add'].input.safeParse(input);
            if (!food.success) throw new AppError('invalid_input', `${where} changed while importing; nothing was imported.`);
            row = await writer.food({ owner: id, name: food.data.name, brand: food.data.brand, group: '', source: 'user', per100g: food.data.per100g });
            writtenThere.push(row);
          } else {
            const added = unwrap(await services.dispatcher.call('foods.add', input, editor), where) as { code: string };
            row = await foodsStore.visibleByCode(id, added.code);
          }
          if (!row) throw new AppError('internal', `${where}: the food just added is not visible.`);
          newIds.set((cells.code ?? '').trim(), row.id);
          counts.foods += 1;
        });
        if (existsSync(files.diary)) counts.diary = await writeDiary(files.diary, id, latest, newIds, visible, writer);
        await forEachCsvRow(files.targets, { required: targetColumns, allowed: targetColumns }, async ({ line, cells }) => {
          // Checked against the contract as `diary.targets.set` checks it, and written in the store's transaction.
          const target = operations['diary.targets.set'].input.safeParse(targetInput(id, cells));
          if (!target.success) throw new AppError('invalid_input', `${exportFiles.targets} changed while importing (line ${line}); nothing was imported.`);
          await writer.target(target.data);
          counts.targets += 1;
        });
      },
      // SQLite: the caller's transaction is the store's, committed here. PostgreSQL: the data directory's part stays
      // open until the diary's commit is known, so a lost commit never leaves a profile and foods without their diary.
      beforeCommit: () => {
        if (store.kind === 'sqlite') services.db.exec('COMMIT');
      },
    });
  } catch (error) {
    if (!(store.kind === 'postgres' && services.db.inTransaction && lostWhileCommitting(error))) {
      if (services.db.inTransaction) services.db.exec('ROLLBACK');
      throw error;
    }
    // The diary's COMMIT was sent and its answer lost: look. The profile was empty under the lock, so rows mean ours.
    let rows: DiaryRows | undefined;
    try {
      rows = await store.profileRows(id);
    } catch {
      rows = undefined;
    }
    if (!rows || rows.foods + rows.entries + rows.targets === 0) {
      services.db.exec('ROLLBACK');
      throw new AppError(
        'unavailable',
        rows
          ? `Lost the connection to the PostgreSQL database while committing profile "${id}"'s diary, and it was not saved; nothing was imported. Run the command again.`
          : `Lost the connection to the PostgreSQL database while committing profile "${id}"'s diary, and it cannot be read now to tell whether it was saved; ` +
              `the profile was not kept. Run the command again when the database answers: "already has data" then means its diary was saved, and \`cita profile add ${id}\` is what is missing.`,
      );
    }
  }
  if (store.kind === 'postgres' && services.db.inTransaction) {
    try {
      services.db.exec('COMMIT');
    } catch (error) {
      if (services.db.inTransaction) services.db.exec('ROLLBACK');
      // The diary is in PostgreSQL, the profile is not: take the diary back out, so the import can run again.
      await store.removeProfile(id).catch(() => undefined);
      throw error;
    }
  }
  await embedImported(services, writtenThere);
  return { profile: id, directory, ...counts };
}

/**
 * Embeds the own foods an import wrote with the diary on PostgreSQL (on SQLite each went through `foods.add`, which
 * embeds it), in both spaces, once all is committed: a vector search finds them without waiting for `cita seed`. Best
 * effort, as `foods.add`'s: a failure leaves them to `cita seed` or `cita reembed`.
 */
async function embedImported(services: Services, rows: readonly FoodRow[]): Promise<void> {
  if (rows.length === 0) return;
  const foods = services.module('foods');
  await Promise.all([foods?.retriever?.embedRows(rows), foods?.crossLanguage?.embedRows(rows)]);
}

/** A PostgreSQL connection lost while its COMMIT was under way (postgres-database.ts `lostConnection`, 'commit'). */
function lostWhileCommitting(error: unknown): boolean {
  return error instanceof AppError && error.code === 'unavailable' && / while committing; /.test(error.message);
}

/** Streams diary.csv into the profile in batches, own food codes mapped to the new foods; records the import's digest. */
async function writeDiary(file: string, profile: string, latest: string, newIds: ReadonlyMap<string, number>, visible: VisibleFoods, writer: ProfileImportWriter): Promise<number> {
  const reader = createDiaryLineReader(profile, (code) => newIds.get(code) ?? visible.food(code)?.id, {
    latest,
    maxRows: Number.POSITIVE_INFINITY,
    portion: portionFinder(visible),
  });
  const digest = createEntriesDigest();
  let batch: NewEntry[] = [];
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const full = batch;
    batch = [];
    await writer.entries(full);
    written += full.length;
  };
  await forEachLine(file, async (line, number) => {
    const entry = reader.read(line, number);
    if (reader.summary().errorCount > 0) {
      const { errors } = reader.summary();
      throw new AppError('invalid_input', `${exportFiles.diary} changed while importing (${errors[0] ?? 'a line'}); nothing was imported.`);
    }
    if (!entry) return;
    digest.add(entry);
    batch.push(entry);
    if (batch.length >= diaryBatch) await flush();
  });
  await flush();
  if (written > 0) await writer.record(digest.hex(), written);
  return written;
}
