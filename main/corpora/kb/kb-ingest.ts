import { join } from 'node:path';
import type { IngestCounts } from '../../../shared/contract.js';
import type { IngestOptions } from '../corpus-module.js';
import { etaOf } from '../../core/progress.js';
import type { KeywordIndex } from '../../retrieval/keyword-index.js';
import type { VectorStore } from '../../retrieval/vector-store.js';
import { packageRoot } from '../../paths.js';
import { readKbSource, shippedCardsDirectory } from './card-files.js';
import { chunkCard, type CardChunk } from './chunking.js';
import type { KbRepository } from './kb-repository.js';
import { kbKeywordDocument } from './kb-search.js';
import type { TokenCounter } from './token-counter.js';

export const kbCorpus = 'kb';

/**
 * Ingests the cards of a directory (the whole KB: cards missing from it are removed) or of one card file
 * (added or updated only). Every card is validated before anything is written; the rows, the removed
 * chunks' vectors and nothing else change, in one transaction. Vectors are computed afterwards by
 * `ingestCorpus`, for exactly the chunks whose embedded text changed.
 */
export async function ingestCards(
  deps: { repository: KbRepository; keyword: KeywordIndex; vectors: VectorStore; tokenCounter: () => Promise<TokenCounter> },
  options: IngestOptions,
): Promise<IngestCounts> {
  const from = options.from ?? join(packageRoot(), shippedCardsDirectory);
  const { cards, complete } = await readKbSource(from, options.onProgress);
  const counter = await deps.tokenCounter();
  const chunks = new Map<string, CardChunk[]>();
  const started = Date.now();
  for (const [index, card] of cards.entries()) {
    chunks.set(card.id, chunkCard(card, counter));
    if (cards.length >= 100 && ((index + 1) % 100 === 0 || index + 1 === cards.length)) {
      options.onProgress?.(`chunking ${index + 1} of ${cards.length} documents${etaOf(index + 1, cards.length, Date.now() - started)}`);
    }
  }
  const chunkTotal = [...chunks.values()].reduce((sum, list) => sum + list.length, 0);
  options.onProgress?.(`${cards.length} cards → ${chunkTotal} chunks (tokens counted by ${counter.name})`);

  const spaces = deps.vectors.spacesOf(kbCorpus);
  const result = deps.repository.sync({
    cards,
    chunks,
    complete,
    removeVectors(chunkIds) {
      for (const space of spaces) for (const id of chunkIds) deps.vectors.remove(space, id);
    },
  });
  for (const id of result.removedIds) deps.keyword.remove(id);
  for (const row of result.written) deps.keyword.upsert(kbKeywordDocument(row));
  return { corpus: kbCorpus, inserted: result.inserted, updated: result.updated, unchanged: result.unchanged, removed: result.removed, embedded: 0 };
}
