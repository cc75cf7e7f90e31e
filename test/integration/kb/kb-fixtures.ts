import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';

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
