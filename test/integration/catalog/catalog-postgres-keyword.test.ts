/**
 * The data catalog's keyword path on PostgreSQL ranks as SQLite's does (issue #21, migrations/postgres/0010): the same
 * terms in the fields (cita's stems), the same query words, MiniSearch's BM25 with its boosts and its prefix and typo
 * matches, the same business-term substring match and the same tie order, so a keyword search finds the same fields in
 * the same order with the same relevance on both stores. Until 0010 PostgreSQL ranked its own Spanish and English
 * stems with ts_rank, and 16 of the 190 evaluation queries ranked otherwise. Also: a database an older cita wrote is
 * derived again when it opens, resumably, saying how far it is on stderr. Runs against CITA_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchInputSchema, type SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { catalogKeywordFormat, upgradeCatalogKeywordColumns } from '../../../main/corpora/catalog/catalog-postgres-terms.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { openPostgres } from '../../../main/db/postgres/postgres-database.js';
import { postgresTests, queryRows, usePostgresDatabases } from '../../helpers/postgres.js';
import { useTempDirs } from '../../helpers/temp.js';
import { importAsOlderCita, searchCatalog, termCountsDiffering } from './catalog-fixtures.js';

const run = postgresTests('the catalog keyword path on PostgreSQL');
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

/** Keyword search needs no embedder: both stores run without one. */
const open = (databaseUrl?: string) => createServices({ dataDir: tempDir(), embedder: null, multilingual: null, reranker: null, ...(databaseUrl ? { databaseUrl } : {}) });
const catalogOf = (services: Services) => services.module('catalog') as CorpusModule;

/**
 * A search's hits as the stores are compared: id, relevance, how the words met the field, keyword rank, and the score
 * to 12 significant digits (the last bits may differ: catalog-postgres-keyword.ts says why); and whether it refused.
 */
function shown(output: SearchOutput): string {
  const hits = output.hits.map((hit) => `${hit.id} ${hit.relevance} ${hit.explain?.keyword_match} #${hit.explain?.keyword_rank} ${hit.score.toPrecision(12)}`);
  return [...hits, `refused: ${output.refused}`].join('\n');
}

const keyword = (services: Services, query: string, k = 10) => searchCatalog(services, { query, strategy: 'keyword', k });

describe.runIf(run)('the catalog keyword path on PostgreSQL, beside SQLite', () => {
  let sqlite: Services;
  let postgres: Services;
  beforeAll(async () => {
    sqlite = await open();
    postgres = await open(await freshDatabase());
    for (const services of [sqlite, postgres]) await ingestCorpus(services, catalogOf(services));
  }, 120_000);
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  });

  it('finds the same ten fields in the same order, with the same relevance and refusals, for every evaluation query', async () => {
    const cases = catalogOf(sqlite).evaluation?.load() ?? [];
    expect(cases.length).toBeGreaterThanOrEqual(190);
    const differing: string[] = [];
    for (const entry of cases) {
      const [a, b] = [shown(await keyword(sqlite, entry.query)), shown(await keyword(postgres, entry.query))];
      if (a !== b) differing.push(`"${entry.query}":\n${a}\n--- PostgreSQL:\n${b}`);
    }
    expect(differing).toEqual([]);
  });

  it('meets a typed word where SQLite does: the words it starts, a typo, the other language, a business-term substring, stop words alone', async () => {
    const queries = {
      // "cred" starts crédito, crediticio…: prefix matches only.
      prefix: 'cred',
      // One letter off "operacional" and "liquidez".
      typo: 'riesgo operasional de liquides',
      // English words over Spanish fields: each word's Spanish stem as well.
      language: 'overdue loan balance days',
      // The whole query inside business names: the substring lift, with BM25 beside it.
      substring: 'saldo vencido',
      // No word survives the stop words; the business-term match alone ("de la" is inside names).
      stopWords: 'de la',
      // Nothing of it in the catalog.
      nothing: 'xqzvw',
    };
    for (const [what, query] of Object.entries(queries)) {
      const [a, b] = [await keyword(sqlite, query, 20), await keyword(postgres, query, 20)];
      expect(shown(b), `${what}: "${query}"`).toBe(shown(a));
    }
    // Each case reached what it names on SQLite, so the comparison above covered it.
    const matches = async (query: string) => (await keyword(sqlite, query, 20)).hits.map((hit) => hit.explain?.keyword_match);
    expect(await matches(queries.prefix)).toContain('prefix');
    expect(await matches(queries.typo)).toContain('fuzzy');
    expect((await keyword(sqlite, queries.stopWords, 20)).hits.length).toBeGreaterThan(0);
    expect((await keyword(sqlite, queries.nothing)).hits).toEqual([]);
  });

  it("ranks the fields of the tree's chosen sources as SQLite does (a search narrowed to some fields)", async () => {
    const tree = catalogOf(sqlite).evaluation?.tree;
    const otherTree = catalogOf(postgres).evaluation?.tree;
    if (!tree || !otherTree) throw new Error('the catalog has a tree');
    const cases = (catalogOf(sqlite).evaluation?.load() ?? []).slice(0, 40);
    for (const entry of cases) {
      const input = searchInputSchema.parse({ corpus: 'catalog', query: entry.query, strategy: 'keyword', k: 10 });
      const [a, b] = [await tree.search(input, 2), await otherTree.search(input, 2)];
      expect({ branches: b.branches, hits: shown(b.output) }, entry.query).toEqual({ branches: a.branches, hits: shown(a.output) });
    }
  });
});

describe.runIf(run)('a catalog an older cita wrote on PostgreSQL', () => {
  /** What the keyword path reads of the database: each field's terms and lengths, the vocabulary's counts, the totals. */
  const keywordState = async (url: string) => ({
    fields: await queryRows(url, 'SELECT source, physical_name, keyword_format, term_counts, business_length, definition_length, physical_length FROM catalog_fields ORDER BY source, physical_name'),
    terms: await queryRows(url, 'SELECT term, business_fields, definition_fields, physical_fields FROM catalog_terms ORDER BY term COLLATE "C"'),
    total: await queryRows(url, 'SELECT fields, business_length, definition_length, physical_length FROM catalog_field_total'),
  });

  it('is derived again when a cita opens it, once by two opening together, saying how far it is on stderr, and then searched as a new one', async () => {
    const current = await freshDatabase();
    const queries = ['saldo vencido', 'días de mora de un préstamo', 'cred', 'notional amount of a swap', 'tipo de cambio contable'];
    const expected: string[] = [];
    const first = await open(current);
    try {
      await ingestCorpus(first, catalogOf(first));
      for (const query of queries) expected.push(shown(await keyword(first, query)));
    } finally {
      await first.close();
    }
    const older = await freshDatabase();
    await importAsOlderCita(older, 9);
    const [pending] = await queryRows<{ n: number }>(older, 'SELECT count(*)::int AS n FROM catalog_fields');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');
    let opened: Services[];
    let written: { stderr: string[]; stdout: string[] };
    try {
      opened = await Promise.all([open(older), open(older)]);
    } finally {
      written = { stderr: stderr.mock.calls.map(([text]) => String(text)), stdout: stdout.mock.calls.map(([text]) => String(text)) };
      stderr.mockRestore();
      stdout.mockRestore();
    }
    try {
      const progress = written.stderr.filter((text) => text.includes("data catalog's keyword terms"));
      expect(progress[0]).toBe(`cita: updating the data catalog's keyword terms on PostgreSQL (one time): 0 of ${pending?.n} fields\n`);
      expect(progress).toContain(`cita: updating the data catalog's keyword terms on PostgreSQL (one time): ${pending?.n} of ${pending?.n} fields\n`);
      expect(written.stdout.filter((text) => text.includes('keyword terms'))).toEqual([]);
      expect(await keywordState(older)).toEqual(await keywordState(current));
      expect(await termCountsDiffering(older)).toEqual([]);
      for (const [index, query] of queries.entries()) expect(shown(await keyword(opened[index % 2] as Services, query)), query).toBe(expected[index]);
    } finally {
      for (const services of opened) await services.close();
    }
  });

  it('resumes a derivation cut short where it stopped', async () => {
    const current = await freshDatabase();
    const first = await open(current);
    await ingestCorpus(first, catalogOf(first));
    await first.close();
    const older = await freshDatabase();
    await importAsOlderCita(older, 9);
    const database = await openPostgres(older);
    try {
      // Cut after the first slice of 100 fields was committed.
      const cut = upgradeCatalogKeywordColumns(
        database,
        (message) => {
          if (message.includes(': 100 of')) throw new Error('cut');
        },
        100,
      );
      await expect(cut).rejects.toThrow('cut');
      const [left] = await queryRows<{ n: number }>(older, 'SELECT count(*)::int AS n FROM catalog_fields WHERE keyword_format < $1', [catalogKeywordFormat]);
      expect(left?.n).toBe(116);
      const lines: string[] = [];
      expect(await upgradeCatalogKeywordColumns(database, (message) => lines.push(message), 100)).toBe(116);
      expect(lines[0]).toBe("updating the data catalog's keyword terms on PostgreSQL (one time): 0 of 116 fields");
      expect(lines.at(-1)).toBe("updating the data catalog's keyword terms on PostgreSQL (one time): 116 of 116 fields");
      expect(await keywordState(older)).toEqual(await keywordState(current));
      // Nothing left: the next open derives nothing and says nothing.
      expect(await upgradeCatalogKeywordColumns(database, () => lines.push('again'))).toBe(0);
      expect(lines).not.toContain('again');
    } finally {
      await database.close();
    }
  });

  it('is refused when a newer cita wrote its keyword terms in a format this one does not know', async () => {
    const url = await freshDatabase();
    const first = await open(url);
    await ingestCorpus(first, catalogOf(first));
    await first.close();
    await queryRows(url, 'UPDATE catalog_fields SET keyword_format = $1 WHERE id = (SELECT min(id) FROM catalog_fields)', [catalogKeywordFormat + 1]);
    await expect(open(url)).rejects.toMatchObject({
      code: 'database_too_new',
      message: expect.stringContaining(`keyword terms are in format ${catalogKeywordFormat + 1}, but this cita knows formats up to ${catalogKeywordFormat}.`),
    });
  });
});
