import { join } from 'node:path';
import type { IngestCounts } from '../../../shared/contract.js';
import type { IngestOptions } from '../corpus-module.js';
import { etaOf } from '../../core/progress.js';
import { packageRoot } from '../../paths.js';
import { readKbSource, shippedCardsDirectory } from './card-files.js';
import { chunkCard, type CardChunk } from './chunking.js';
import type { KbStore } from './kb-store.js';
import type { TokenCounter } from './token-counter.js';

export const kbCorpus = 'kb';

/**
 * Ingests the cards of a directory (the whole set of its origin: shipped cards missing from the shipped directory, or
 * the user's cards missing from the user's directory or corpus.jsonl, are removed; never the other origin's) or of
 * one card file (added or updated only). Every card is validated before anything is written; the rows, the removed
 * chunks' vectors and nothing else change, in one transaction of the store. Vectors are computed afterwards
 * (`ingestCorpus` on SQLite, the store itself on PostgreSQL), for exactly the chunks whose embedded text changed.
 */
export async function ingestCards(
  deps: { store: KbStore; tokenCounter: () => Promise<TokenCounter> },
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

  // The shipped cards are the seed's; anything from --from is the user's: neither reload removes the other's cards.
  const result = await deps.store.write({ cards, chunks, complete, origin: options.from === undefined ? 'shipped' : 'user' });
  return { corpus: kbCorpus, ...result, embedded: 0 };
}
