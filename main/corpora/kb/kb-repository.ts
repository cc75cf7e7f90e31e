import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { KbCardSummary, KbCategory, KbSeverity } from '../../../shared/contract/kb.js';
import { embedHash } from '../../retrieval/embedding-text.js';
import type { Card } from './card.js';
import { kbFormula, type CardChunk } from './chunking.js';

export interface KbCardRow {
  id: string;
  title: string;
  category: KbCategory;
  source_name: string;
  source_url: string;
  last_reviewed: string;
  body: string;
  /** The id the document had where it came from (a BEIR `_id`, a file name) when it is not its KB id; else null. */
  original_id: string | null;
  /** The severity the card's front matter gives, or null. */
  severity: KbSeverity | null;
  content_hash: string;
}

export interface KbChunkRow {
  id: number;
  owner: null;
  card_id: string;
  chunk_index: number;
  section: string;
  passage: string;
  content_hash: string;
  embed_text: string;
  embed_hash: string;
}

/** A chunk with its card's citation fields: what a hit and an answer need. */
export interface KbPassageRow extends KbChunkRow {
  title: string;
  category: KbCategory;
  source_name: string;
  source_url: string;
  original_id: string | null;
  severity: KbSeverity | null;
  /** Shipped with cita, or the user's own document (`--from`). */
  origin: KbOrigin;
}

/** Where a card came from: shipped with cita (the seed), or ingested by the user (`--from`). */
export type KbOrigin = 'shipped' | 'user';

export interface KbSyncCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface KbSyncResult extends KbSyncCounts {
  /** Chunks inserted or updated, as stored now (for the keyword index). */
  written: KbChunkRow[];
  /** Ids of the chunks deleted. */
  removedIds: number[];
}

export interface KbSyncInput {
  cards: readonly Card[];
  chunks: ReadonlyMap<string, readonly CardChunk[]>;
  /** True when `cards` is the whole KB of their origin: cards of that origin not in it are removed. */
  complete: boolean;
  /** Where the cards come from: the seed's shipped set, or the user's ingest. Cards of the other origin are never removed. */
  origin: KbOrigin;
  /** Runs inside the same transaction, so removed chunks never keep their vectors. */
  removeVectors(chunkIds: readonly number[]): void;
}

export interface KbRepository {
  /** Makes the stored KB equal to the given cards and chunks, in one transaction; returns what changed. */
  sync(input: KbSyncInput): KbSyncResult;
  passagesByIds(ids: readonly number[]): Map<number, KbPassageRow>;
  allChunks(): KbChunkRow[];
  cardSummaries(category?: KbCategory): KbCardSummary[];
  card(id: string): (KbCardRow & { chunks: number }) | undefined;
  /** Every card id in alphabetical order: stable tie-breaks across runs and data directories. */
  cardIds(): string[];
}

function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/** The stored card row of a parsed card. */
export function cardRowOf(card: Card): KbCardRow {
  // A card's own id and an absent severity add nothing to the hash, so rows written before either existed stay unchanged.
  const originalId = card.original_id ?? null;
  const severity = card.severity ?? null;
  const fields = [
    card.id,
    card.title,
    card.category,
    card.source_name,
    card.source_url,
    card.last_reviewed,
    card.body,
    ...(originalId === null ? [] : [originalId]),
    ...(severity === null ? [] : [`severity:${severity}`]),
  ];
  return {
    id: card.id,
    title: card.title,
    category: card.category,
    source_name: card.source_name,
    source_url: card.source_url,
    last_reviewed: card.last_reviewed,
    body: card.body,
    original_id: originalId,
    severity,
    content_hash: hashOf(fields),
  };
}

/**
 * The stored chunk fields of a chunk; its content hash covers the card's citation fields too, not its severity
 * (which is not in the chunk's text), so giving a card a severity leaves its chunks as they are.
 */
export function chunkFieldsOf(card: Card, chunk: CardChunk) {
  return {
    card_id: card.id,
    chunk_index: chunk.index,
    section: chunk.section,
    passage: chunk.passage,
    content_hash: hashOf([card.title, card.category, card.source_name, card.source_url, card.last_reviewed, chunk.section, chunk.passage, chunk.embedText]),
    embed_text: chunk.embedText,
    embed_hash: embedHash(kbFormula, chunk.embedText),
  };
}

export type SummaryRow = Omit<KbCardSummary, 'original_id' | 'severity'> & { original_id: string | null; severity: KbSeverity | null };

/** A summary row as the contract has it: no original_id when the id is the document's own, no severity when none. */
export function summaryOf({ original_id: originalId, severity, ...row }: SummaryRow): KbCardSummary {
  return { ...row, ...(originalId === null ? {} : { original_id: originalId }), ...(severity === null ? {} : { severity }) };
}

/** All SQL about the clinical knowledge base. */
export function createKbRepository(db: Database): KbRepository {
  const selectCard = db.prepare<[string], KbCardRow>('SELECT id, title, category, source_name, source_url, last_reviewed, body, original_id, severity, content_hash FROM kb_cards WHERE id = ?');
  const selectCardIds = db.prepare<[], { id: string }>('SELECT id FROM kb_cards ORDER BY id');
  const selectCardIdsOf = db.prepare<[KbOrigin], { id: string }>('SELECT id FROM kb_cards WHERE origin = ? ORDER BY id');
  const markOrigin = db.prepare<[KbOrigin, string, KbOrigin]>('UPDATE kb_cards SET origin = ? WHERE id = ? AND origin <> ?');
  const insertCard = db.prepare(
    `INSERT INTO kb_cards (id, title, category, source_name, source_url, last_reviewed, body, original_id, severity, content_hash)
     VALUES (@id, @title, @category, @source_name, @source_url, @last_reviewed, @body, @original_id, @severity, @content_hash)`,
  );
  const updateCard = db.prepare(
    `UPDATE kb_cards SET title = @title, category = @category, source_name = @source_name, source_url = @source_url,
       last_reviewed = @last_reviewed, body = @body, original_id = @original_id, severity = @severity, content_hash = @content_hash, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  );
  const deleteCard = db.prepare<[string]>('DELETE FROM kb_cards WHERE id = ?');
  const selectChunksOfCard = db.prepare<[string], KbChunkRow>('SELECT * FROM kb_chunks WHERE card_id = ? ORDER BY chunk_index');
  const selectChunk = db.prepare<[string, number], KbChunkRow>('SELECT * FROM kb_chunks WHERE card_id = ? AND chunk_index = ?');
  const insertChunk = db.prepare(
    `INSERT INTO kb_chunks (owner, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash)
     VALUES (NULL, @card_id, @chunk_index, @section, @passage, @content_hash, @embed_text, @embed_hash)`,
  );
  const updateChunk = db.prepare(
    `UPDATE kb_chunks SET section = @section, passage = @passage, content_hash = @content_hash, embed_text = @embed_text,
       embed_hash = @embed_hash, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE card_id = @card_id AND chunk_index = @chunk_index`,
  );
  const deleteChunk = db.prepare<[number]>('DELETE FROM kb_chunks WHERE id = ?');
  const selectPassage = db.prepare<[number], KbPassageRow>(
    `SELECT k.*, c.title, c.category, c.source_name, c.source_url, c.original_id, c.severity, c.origin FROM kb_chunks k JOIN kb_cards c ON c.id = k.card_id WHERE k.id = ?`,
  );
  const selectAllChunks = db.prepare<[], KbChunkRow>('SELECT * FROM kb_chunks ORDER BY card_id, chunk_index');
  const summaryColumns = `c.id, c.title, c.category, c.source_name, c.source_url, c.last_reviewed, c.original_id, c.severity,
       (SELECT count(*) FROM kb_chunks k WHERE k.card_id = c.id) AS chunks FROM kb_cards c`;
  const selectSummaries = db.prepare<[], SummaryRow>(`SELECT ${summaryColumns} ORDER BY c.category, c.id`);
  const selectSummariesOf = db.prepare<[string], SummaryRow>(`SELECT ${summaryColumns} WHERE c.category = ? ORDER BY c.id`);
  const countChunksOf = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM kb_chunks WHERE card_id = ?');

  const sync = db.transaction((input: KbSyncInput): KbSyncResult => {
    const result: KbSyncResult = { inserted: 0, updated: 0, unchanged: 0, removed: 0, written: [], removedIds: [] };
    const removeChunks = (rows: readonly KbChunkRow[]) => {
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      input.removeVectors(ids);
      for (const id of ids) deleteChunk.run(id);
      result.removed += ids.length;
      result.removedIds.push(...ids);
    };

    const incoming = new Set(input.cards.map((card) => card.id));
    if (input.complete) {
      for (const { id } of selectCardIdsOf.all(input.origin)) {
        if (incoming.has(id)) continue;
        removeChunks(selectChunksOfCard.all(id));
        deleteCard.run(id);
      }
    }

    for (const card of [...input.cards].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      const row = cardRowOf(card);
      const existing = selectCard.get(card.id);
      if (!existing) insertCard.run(row);
      else if (existing.content_hash !== row.content_hash) updateCard.run(row);
      markOrigin.run(input.origin, card.id, input.origin);

      const chunks = input.chunks.get(card.id) ?? [];
      for (const chunk of chunks) {
        const fields = chunkFieldsOf(card, chunk);
        const stored = selectChunk.get(card.id, chunk.index);
        if (!stored) {
          insertChunk.run(fields);
          result.inserted += 1;
        } else if (stored.content_hash === fields.content_hash && stored.embed_hash === fields.embed_hash) {
          result.unchanged += 1;
          continue;
        } else {
          updateChunk.run(fields);
          result.updated += 1;
        }
        result.written.push(selectChunk.get(card.id, chunk.index) as KbChunkRow);
      }
      removeChunks(selectChunksOfCard.all(card.id).filter((stored) => stored.chunk_index >= chunks.length));
    }
    return result;
  });

  return {
    sync: (input) => sync(input),
    passagesByIds(ids) {
      const found = new Map<number, KbPassageRow>();
      for (const id of ids) {
        const row = selectPassage.get(id);
        if (row) found.set(id, row);
      }
      return found;
    },
    allChunks: () => selectAllChunks.all(),
    cardSummaries: (category) => (category ? selectSummariesOf.all(category) : selectSummaries.all()).map(summaryOf),
    card(id) {
      const row = selectCard.get(id);
      return row ? { ...row, chunks: countChunksOf.get(id)?.n ?? 0 } : undefined;
    },
    cardIds: () => selectCardIds.all().map((row) => row.id),
  };
}
