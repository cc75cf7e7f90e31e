import type { Status } from '../../../../shared/contract';

/**
 * Rows a re-embed would embed: those lacking a current vector from the search model, and, while the cross-language
 * path is on, those lacking one in its multilingual space (the same job builds both).
 */
export function pendingVectors(status: Status): number {
  const own = status.corpora.reduce((sum, corpus) => sum + corpus.stale + corpus.missing, 0);
  const cross = status.multilingual?.mode === 'local' ? status.multilingual.corpora.reduce((sum, corpus) => sum + corpus.stale + corpus.missing, 0) : 0;
  return own + cross;
}

/** The corpus's vectors in the cross-language space, or null while that path is off. */
export function crossLanguageVectors(status: Status, corpus: string): number | null {
  if (status.multilingual?.mode !== 'local') return null;
  return status.multilingual.corpora.find((entry) => entry.corpus === corpus)?.vectors ?? 0;
}
