import { createKeywordIndex, type KeywordDocument, type KeywordIndex } from '../../retrieval/keyword-index.js';

/** A passage or a section's summary as a keyword document: its embedded text's lines are title, heading path and text. */
export function manualKeywordDocument(row: { id: number; embed_text: string }): KeywordDocument {
  const [title = '', path = '', ...text] = row.embed_text.split('\n');
  return { id: row.id, owner: null, fields: { title, path, text: text.join('\n') } };
}

/** BM25 with OR, as the KB's long prose: a reader's question shares only some words with the passage that answers it. */
export function createManualKeywordIndex(): KeywordIndex {
  return createKeywordIndex({ fields: ['title', 'path', 'text'], boost: { title: 1 }, combineWith: 'OR' });
}
