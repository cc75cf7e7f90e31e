import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IngestCounts, SearchOutput } from '../../../shared/contract.js';
import { runCita } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';
import { copyCards } from './kb-fixtures.js';

const tempDir = useTempDirs();
// Keyword-only (no model at this path) keeps these runs fast; the real model has its own tests.
const env = { CITA_MODEL_DIR: '/nonexistent/cita-model' };

describe('cita ingest and search --corpus kb', () => {
  it('prints the counts, and a second ingest reports everything unchanged', () => {
    const dataDir = tempDir();
    const cards = copyCards(join(tempDir(), 'cards'), ['mi-oars', 'adh-cost']);
    const first = runCita(['ingest', '--corpus', 'kb', '--from', cards, '--data-dir', dataDir, '--json'], { env });
    expect(first.status, first.stderr).toBe(0);
    const counts = first.json() as IngestCounts;
    expect(counts).toMatchObject({ corpus: 'kb', updated: 0, unchanged: 0, removed: 0, embedded: 0 });
    expect(counts.inserted).toBeGreaterThan(0);

    const second = runCita(['ingest', '--corpus', 'kb', '--from', cards, '--data-dir', dataDir], { env });
    expect(second.status).toBe(0);
    expect(second.stdout.trim()).toBe(`kb: 0 inserted, 0 updated, ${counts.inserted} unchanged, 0 removed; 0 embedded`);
  });

  it('exits 1 naming the bad card and its problem', () => {
    const dataDir = tempDir();
    const cards = copyCards(join(tempDir(), 'cards'), ['mi-oars']);
    writeFileSync(join(cards, 'adh-broken.md'), '---\nid: adh-broken\ntitle: Broken\n---\n\n## A\n\nText.\n');
    const run = runCita(['ingest', '--corpus', 'kb', '--from', cards, '--data-dir', dataDir], { env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('adh-broken.md');
    expect(run.stderr).toMatch(/category must be one of/);
    expect(run.stderr).toMatch(/Nothing was changed/);
  });

  it('searches the shipped cards and returns hits with their citation', () => {
    const dataDir = tempDir();
    expect(runCita(['ingest', '--corpus', 'kb', '--data-dir', dataDir], { env }).status).toBe(0);
    const run = runCita(['search', '--corpus', 'kb', '--query', 'can I give ibuprofen to a patient on warfarin?', '--data-dir', dataDir, '--json'], { env });
    expect(run.status, run.stderr).toBe(0);
    const output = run.json() as SearchOutput;
    expect(output.hits[0]?.kb).toMatchObject({ card_id: 'ddi-warfarin-nsaids', source_url: 'https://medlineplus.gov/druginfo/meds/a682277.html' });
    expect(output.notices.map((notice) => notice.code)).toEqual(['keyword_only']);
  });
});
