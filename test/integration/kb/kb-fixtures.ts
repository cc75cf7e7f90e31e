import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { withClient } from '../../helpers/postgres-cuts.js';

export const shippedCardsDir = join(repositoryRoot, 'kb', 'clinical');

/** The shipped card files (README.md is not a card). */
export function shippedCardFiles(): string[] {
  return readdirSync(shippedCardsDir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort();
}

/** Copies shipped cards (all, or the given ids) into `directory`, which then is a KB of its own. */
export function copyCards(directory: string, ids?: readonly string[]): string {
  mkdirSync(directory, { recursive: true });
  for (const name of ids ? ids.map((id) => `${id}.md`) : shippedCardFiles()) copyFileSync(join(shippedCardsDir, name), join(directory, name));
  return directory;
}

/**
 * A team's own card: a shipped card's text under a new id and a title with a word no other card has (`word`), so
 * a search for that word finds it first.
 */
export function teamCard(directory: string, team: string, index: number): { path: string; id: string; word: string } {
  const source = shippedCardFiles()[index] as string;
  const word = `${team}${'abcdefghijklmnopqrstuvwxyz'[index]}ward`;
  const id = `team-${team}-${index}`;
  const text = readFileSync(join(shippedCardsDir, source), 'utf8').replace(/^id: .*$/m, `id: ${id}`).replace(/^title: .*$/m, `title: ${word} checklist`);
  const path = join(directory, `${id}.md`);
  writeFileSync(path, text);
  return { path, id, word };
}

/** The KB's rows as a fresh PostgreSQL database holds them: cards, chunks, vectors, chunks without a current vector. */
export const kbRowCounts = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ cards: number; chunks: number; vectors: number; unembedded: number }>(
      `SELECT (SELECT count(*)::int FROM kb_cards) AS cards, (SELECT count(*)::int FROM kb_chunks) AS chunks, (SELECT count(*)::int FROM kb_vectors_1) AS vectors,
              (SELECT count(*)::int FROM kb_chunks k LEFT JOIN kb_vectors_1 v ON v.chunk_id = k.id AND v.content_hash = k.embed_hash WHERE v.chunk_id IS NULL) AS unembedded`,
    );
    return rows[0];
  });

/** The word-hash test embedder, remembering every document text it embedded. */
export function recordingEmbedder(): Embedder & { documents: string[] } {
  const inner = createWordHashEmbedder();
  const documents: string[] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    documents,
    embedDocuments(texts, signal) {
      documents.push(...texts);
      return inner.embedDocuments(texts, signal);
    },
    embedQuery: (text, signal) => inner.embedQuery(text, signal),
    close: () => inner.close(),
  };
}
