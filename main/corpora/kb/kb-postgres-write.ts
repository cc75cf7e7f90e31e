import type pg from 'pg';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { keywordRowsToDerive } from '../../db/postgres/keyword-format.js';
import { kbKeywordColumns, kbKeywordFormat } from './kb-postgres-keyword.js';
import { cardRowOf, chunkFieldsOf, type KbCardRow, type KbOrigin, type KbSyncCounts } from './kb-repository.js';
import type { KbWrite } from './kb-store.js';

/** Rows per bulk statement (arrays sent as parameters: one round trip per slice, not per row). */
const writeSlice = 2000;

function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const cardColumns = ['id', 'title', 'category', 'source_name', 'source_url', 'last_reviewed', 'body', 'original_id', 'severity', 'content_hash'] as const;
const chunkColumns = [
  'card_id',
  'chunk_index',
  'section',
  'passage',
  'content_hash',
  'embed_text',
  'embed_hash',
  'title_words',
  'section_words',
  'passage_words',
  'title_length',
  'section_length',
  'passage_length',
  'keyword_format',
] as const;
const chunkTypes = ['text', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'int', 'int'];

/** Serialises the KB's writes from every process (writes, the keyword upgrade), until the transaction ends. */
const lockKbWrites = "SELECT pg_advisory_xact_lock(hashtext('cita_kb_write'))";

/** Adds the lexemes of the chunks `where` selects (alias k) to the vocabulary of loose matches (kb-postgres-keyword.ts). */
function addWordsOfChunks(where: string): string {
  return `INSERT INTO kb_words (word)
    SELECT DISTINCT v.lexeme FROM kb_chunks k CROSS JOIN LATERAL unnest(k.search_vector) AS v (lexeme, positions, weights)
    WHERE ${where}
    ON CONFLICT (word) DO NOTHING`;
}

type ChunkValues = ReturnType<typeof chunkFieldsOf> & ReturnType<typeof kbKeywordColumns>;

/**
 * The KB's write, inside the caller's transaction: the same rules and counts as SQLite's (kb-repository.ts `sync`),
 * in bulk. An advisory lock serialises writes from every process; removed chunks take their vectors with them
 * (ON DELETE CASCADE), and a chunk whose embedded text changed keeps its old vector only until it is re-embedded
 * (its embed_hash no longer matches, so no search trusts it as current: counts call it stale).
 */
export async function writeKb(
  client: pg.PoolClient,
  input: KbWrite,
): Promise<KbSyncCounts> {
  await client.query(lockKbWrites);
  const stored = (await client.query<{ id: string; content_hash: string; origin: KbOrigin }>('SELECT id, content_hash, origin FROM kb_cards')).rows;
  const storedCards = new Map(stored.map((row) => [row.id, row.content_hash]));
  const storedOrigin = new Map(stored.map((row) => [row.id, row.origin]));
  const storedChunks = new Map<string, { id: number; content_hash: string; embed_hash: string }>();
  const chunksOfCard = new Map<string, Array<{ id: number; chunk_index: number }>>();
  for (const row of (await client.query<{ id: number; card_id: string; chunk_index: number; content_hash: string; embed_hash: string }>('SELECT id, card_id, chunk_index, content_hash, embed_hash FROM kb_chunks'))
    .rows) {
    storedChunks.set(`${row.card_id}\u0000${row.chunk_index}`, row);
    chunksOfCard.set(row.card_id, [...(chunksOfCard.get(row.card_id) ?? []), row]);
  }

  const counts: KbSyncCounts = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  const incoming = new Set(input.cards.map((card) => card.id));
  const removedCards = input.complete ? stored.filter((row) => row.origin === input.origin && !incoming.has(row.id)).map((row) => row.id) : [];
  for (const id of removedCards) counts.removed += chunksOfCard.get(id)?.length ?? 0;

  const cardWrites: KbCardRow[] = [];
  const chunkInserts: ChunkValues[] = [];
  const chunkUpdates: ChunkValues[] = [];
  const chunkRemovals: number[] = [];
  for (const card of [...input.cards].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const row = cardRowOf(card);
    if (storedCards.get(card.id) !== row.content_hash) cardWrites.push(row);
    const chunks = input.chunks.get(card.id) ?? [];
    for (const chunk of chunks) {
      const fields = chunkFieldsOf(card, chunk);
      const stored = storedChunks.get(`${card.id}\u0000${chunk.index}`);
      if (stored && stored.content_hash === fields.content_hash && stored.embed_hash === fields.embed_hash) {
        counts.unchanged += 1;
        continue;
      }
      (stored ? chunkUpdates : chunkInserts).push({ ...fields, ...kbKeywordColumns(fields.embed_text) });
    }
    for (const stored of chunksOfCard.get(card.id) ?? []) if (stored.chunk_index >= chunks.length) chunkRemovals.push(stored.id);
  }
  counts.inserted = chunkInserts.length;
  counts.updated = chunkUpdates.length;
  counts.removed += chunkRemovals.length;

  if (removedCards.length > 0) await client.query('DELETE FROM kb_cards WHERE id = ANY($1::text[])', [removedCards]);
  for (const slice of slices(chunkRemovals, writeSlice)) await client.query('DELETE FROM kb_chunks WHERE id = ANY($1::bigint[])', [slice]);
  for (const slice of slices(cardWrites, writeSlice)) {
    await client.query(
      `INSERT INTO kb_cards (${cardColumns.join(', ')})
       SELECT * FROM unnest(${cardColumns.map((_, index) => `$${index + 1}::text[]`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${cardColumns
         .slice(1)
         .map((column) => `${column} = excluded.${column}`)
         .join(', ')}, updated_at = now()`,
      cardColumns.map((column) => slice.map((row) => row[column])),
    );
  }
  // New cards (inserted with the default) and cards that came from the other origin take this write's.
  const marked = input.cards.map((card) => card.id).filter((id) => storedOrigin.get(id) !== input.origin);
  if (marked.length > 0) await client.query('UPDATE kb_cards SET origin = $1 WHERE id = ANY($2::text[])', [input.origin, marked]);
  for (const slice of slices(chunkUpdates, writeSlice)) {
    await client.query(
      `UPDATE kb_chunks k SET ${chunkColumns
        .slice(2)
        .map((column) => `${column} = v.${column}`)
        .join(', ')}, updated_at = now()
       FROM unnest(${chunkColumns.map((_, index) => `$${index + 1}::${chunkTypes[index]}[]`).join(', ')}) AS v (${chunkColumns.join(', ')})
       WHERE k.card_id = v.card_id AND k.chunk_index = v.chunk_index`,
      chunkColumns.map((column) => slice.map((row) => row[column])),
    );
  }
  for (const slice of slices(chunkInserts, writeSlice)) {
    // In card then chunk order, as SQLite assigns ids: equal scores then break the same way on both stores.
    await client.query(
      `INSERT INTO kb_chunks (${chunkColumns.join(', ')})
       SELECT ${chunkColumns.join(', ')} FROM unnest(${chunkColumns.map((_, index) => `$${index + 1}::${chunkTypes[index]}[]`).join(', ')}) WITH ORDINALITY AS v (${chunkColumns.join(', ')}, ord)
       ORDER BY ord`,
      chunkColumns.map((column) => slice.map((row) => row[column])),
    );
  }
  if (chunkInserts.length + chunkUpdates.length > 0) {
    // The lexemes of the chunks just written (now() is this transaction's start: only its rows carry it) join the
    // vocabulary of loose matches (kb-postgres-keyword.ts).
    await client.query(
      addWordsOfChunks('k.updated_at = now()'),
    );
  }
  return counts;
}

/** The columns `kbKeywordColumns` derives, in the order the upgrade below writes them. */
const keywordColumns = ['title_words', 'section_words', 'passage_words', 'title_length', 'section_length', 'passage_length', 'keyword_format'] as const;
const keywordTypes = keywordColumns.map((column) => chunkTypes[chunkColumns.indexOf(column)]);

/**
 * Derives again the keyword columns of chunks an older cita wrote (`keyword_format` below `kbKeywordFormat`), so
 * they are searched as this cita's are: when the store opens, before any search. In slices of `writeSlice` chunks,
 * each its own transaction under the KB's write lock, so processes opening together derive each row once and a run cut
 * short resumes at the next open. Each slice adds its terms to the vocabulary of loose matches; at the end a process
 * that derived rows rebuilds the vocabulary from the chunks' terms, dropping the old words that are no chunk's terms
 * now (they matched no row, so a rebuild cut short or never run changes no result). Rows of a format above this
 * cita's are refused (`database_too_new`): this cita would search terms it cannot read. It is one-time work that can
 * take minutes on a large KB, so it says how far it is through `onProgress` (`N of M chunks`, M the rows left when it
 * started). Returns the number of chunks this process derived again.
 */
export async function upgradeKbKeywordColumns(database: PostgresDatabase, onProgress?: (message: string) => void): Promise<number> {
  const total = await keywordRowsToDerive(database, { table: 'kb_chunks', format: kbKeywordFormat, rows: 'KB chunks' });
  if (total === 0) return 0;
  const report = (done: number) => onProgress?.(`updating the clinical KB's keyword terms on PostgreSQL (one time): ${done} of ${total} chunks`);
  report(0);
  let upgraded = 0;
  for (;;) {
    const done = await database.transaction(async (client) => {
      await client.query(lockKbWrites);
      const rows = (
        await client.query<{ id: number; embed_text: string }>('SELECT id, embed_text FROM kb_chunks WHERE keyword_format < $1 ORDER BY id LIMIT $2', [kbKeywordFormat, writeSlice])
      ).rows;
      if (rows.length === 0) return { rows: 0, left: 0 };
      const values = rows.map((row) => kbKeywordColumns(row.embed_text));
      await client.query(
        `UPDATE kb_chunks k SET ${keywordColumns.map((column) => `${column} = v.${column}`).join(', ')}, updated_at = now()
         FROM unnest($1::bigint[], ${keywordColumns.map((_, index) => `$${index + 2}::${keywordTypes[index]}[]`).join(', ')}) AS v (id, ${keywordColumns.join(', ')})
         WHERE k.id = v.id`,
        [rows.map((row) => row.id), ...keywordColumns.map((column) => values.map((value) => value[column]))],
      );
      // Their terms join the vocabulary at once, as a write's do: a rebuild below that never runs leaves none missing.
      await client.query(
        addWordsOfChunks('k.id = ANY($1::bigint[])'),
        [rows.map((row) => row.id)],
      );
      const [left] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM kb_chunks WHERE keyword_format < $1', [kbKeywordFormat])).rows;
      return { rows: rows.length, left: left?.n ?? 0 };
    });
    if (done.rows === 0) break;
    upgraded += done.rows;
    // Another process opening at the same time derives slices too: the count is of the whole database's rows.
    report(Math.max(0, total - done.left));
  }
  // Another process derived them all: it rebuilds the vocabulary.
  if (upgraded === 0) return 0;
  await database.transaction(async (client) => {
    await client.query(lockKbWrites);
    await client.query('DELETE FROM kb_words');
    await client.query(addWordsOfChunks('TRUE'));
  });
  return upgraded;
}
