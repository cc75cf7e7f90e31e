/**
 * kill -9 during the three bulk writes a user starts by hand: a catalog import, a KB ingest and a diary import.
 * Each command is killed at several points (before and at its first progress line, then at fractions of its
 * write phase, measured from a reference run on this machine); after each kill the database is intact, holds
 * the state before or after the command and nothing in between, and a second run completes without duplicates.
 * Keyword-only (no model): embedding is not the point here (see ingest-embedding-crash and reembed-crash).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/temp.js';
import { writeCardsDirectory, writeCatalogJson, writeDiaryCsv } from './generate.js';
import { crashScenario, reportOutcomes, type CrashOutcome } from './harness.js';
import { keywordOnlyEnvironment, prepareSeededDataDir } from './prepare.js';

const tempDir = useTempDirs();
const outcomes: CrashOutcome[] = [];
const check = (condition: boolean, message: string) => expect(condition, message).toBe(true);

afterAll(() => reportOutcomes(outcomes));

describe('kill -9 during a bulk write', () => {
  // Outlive each test (useTempDirs empties its directories after every test): one template serves all three.
  let shared: string;
  let template: string;
  let files: string;

  beforeAll(async () => {
    shared = mkdtempSync(join(tmpdir(), 'cita-crash-'));
    template = await prepareSeededDataDir(join(shared, 'template'));
    files = shared;
  }, 120_000);

  afterAll(() => {
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  it('catalog import from a large JSON file: all or nothing, and a second run completes', async () => {
    const file = join(files, 'catalog.json');
    writeCatalogJson(file, { sources: 20, fieldsPerSource: 250 });
    outcomes.push(
      ...(await crashScenario(
        {
          scenario: 'catalog import (5000 fields)',
          template,
          tempDir,
          args: (dataDir) => ['ingest', '--corpus', 'catalog', '--from', file, '--data-dir', dataDir],
          tables: ['catalog_sources', 'catalog_fields', 'catalog_notes'],
          env: keywordOnlyEnvironment,
          idempotent: true,
        },
        check,
      )),
    );
  }, 600_000);

  it('KB ingest of a large cards directory: all or nothing, and a second run completes', async () => {
    const directory = join(files, 'cards');
    writeCardsDirectory(directory, 8);
    outcomes.push(
      ...(await crashScenario(
        {
          scenario: 'KB ingest (328 cards)',
          template,
          tempDir,
          args: (dataDir) => ['ingest', '--corpus', 'kb', '--from', directory, '--data-dir', dataDir],
          tables: ['kb_cards', 'kb_chunks'],
          env: keywordOnlyEnvironment,
          idempotent: true,
        },
        check,
      )),
    );
  }, 600_000);

  it('diary import of 20 000 lines: all or nothing, and a second run after an interrupted one completes', async () => {
    const file = join(files, 'diary.csv');
    writeDiaryCsv(file, { rows: 20_000, foodCodes: ['A001', 'A002', 'A003', 'A004'] });
    outcomes.push(
      ...(await crashScenario(
        {
          scenario: 'diary import (20000 lines)',
          template,
          tempDir,
          args: (dataDir) => ['diary', 'import', file, '--profile', 'p', '--data-dir', dataDir],
          tables: ['diary_entries'],
          env: keywordOnlyEnvironment,
          // Entries have no natural key: importing the same file twice logs the meals twice, by design.
          idempotent: false,
        },
        check,
      )),
    );
  }, 600_000);
});
