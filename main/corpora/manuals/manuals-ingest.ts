import { createHash } from 'node:crypto';
import type { IngestCounts } from '../../../shared/contract.js';
import type { EmbeddingService } from '../../embedding/embedding-service.js';
import type { KeywordIndex } from '../../retrieval/keyword-index.js';
import type { VectorStore } from '../../retrieval/vector-store.js';
import type { IngestOptions } from '../corpus-module.js';
import { chunkCard } from '../kb/chunking.js';
import type { TokenCounter } from '../kb/token-counter.js';
import { readManualSource, shippedManualsDirectory, type ManualFile } from './manual-files.js';
import { centroidSummary, leadSummary, summaryCandidates } from './manual-summary.js';
import { manualTextMethod, readManualBody } from './manual-text.js';
import { manualSections, manualTreeMethod } from './manual-tree.js';
import { manualKeywordDocument } from './manuals-keyword.js';
import type { ManualsRepository, ManualWrite } from './manuals-repository.js';

export const manualsCorpus = 'manuals';
/** The vector space of the sections' summaries (its own corpus name: summaries and passages are never compared). */
export const manualSectionsCorpus = 'manual-sections';

/** Version of the passages' embedded text: manual title, heading path, passage (the KB's chunking, per section). */
export const manualsFormula = 'manuals:title+path+passage:v1';
/** Version of the summaries' embedded text: manual title, heading path, the summary's sentences. */
export const manualSectionsFormula = 'manual-sections:title+path+summary:v1';
/** Version of the summary method; part of each manual's content hash. */
const summaryMethod = 'centroid-3:v2';

/** The text a path of headings is embedded and indexed as. */
export function pathText(path: readonly string[]): string {
  return path.join(' › ');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What decides whether a stored manual is current: its file, and every way it is read (the text method: tables as
 * rows), cut, summarised (method and the embedder choosing) and counted. Any of them changing rebuilds the manual.
 */
export function manualContentHash(manual: ManualFile, read: { summaryBy: string; counter: string; textMethod?: string }): string {
  return sha256(JSON.stringify([manualsFormula, manualSectionsFormula, summaryMethod, read.textMethod ?? manualTextMethod, manualTreeMethod, read.summaryBy, read.counter, manual]));
}

/**
 * Loads the manuals of a directory (the shipped ones by default; manuals of its origin missing from it are removed,
 * never the other origin's: the user's manuals survive a reload of the shipped ones) or one file.
 * A changed manual is rewritten whole: its tree, its summaries (the embedder picks each section's sentences nearest to
 * the section's centroid; the first sentences in keyword-only mode) and its passages (the KB's chunking, per section).
 * The vectors of the passages and of the summaries (the module's `extraSpaces`) are computed afterwards by
 * `ingestCorpus`, as for every corpus: one job with progress, resumed by `cita reembed` if stopped.
 */
export async function ingestManuals(
  deps: {
    repository: ManualsRepository;
    keyword: KeywordIndex;
    sectionKeyword: KeywordIndex;
    vectors: VectorStore;
    embedding: EmbeddingService;
    tokenCounter: () => Promise<TokenCounter>;
  },
  options: IngestOptions,
): Promise<IngestCounts> {
  const { manuals, complete } = await readManualSource(options.from ?? shippedManualsDirectory());
  const counter = await deps.tokenCounter();
  const embedder = await deps.embedding.get();
  const summaryBy = embedder ? embedder.id : 'lead';
  const counts = { corpus: manualsCorpus, inserted: 0, updated: 0, unchanged: 0, removed: 0, embedded: 0 };
  const removeVectors = (corpus: string, ids: readonly number[]) => {
    for (const space of deps.vectors.spacesOf(corpus)) for (const id of ids) deps.vectors.remove(space, id);
  };
  const forget = (removed: { removedSectionIds: number[]; removedPassageIds: number[] }) => {
    removeVectors(manualsCorpus, removed.removedPassageIds);
    removeVectors(manualSectionsCorpus, removed.removedSectionIds);
    for (const id of removed.removedPassageIds) deps.keyword.remove(id);
    for (const id of removed.removedSectionIds) deps.sectionKeyword.remove(id);
  };
  for (const manual of manuals) {
    const contentHash = manualContentHash(manual, { summaryBy, counter: counter.name });
    const stored = deps.repository.manual(manual.id);
    if (stored?.content_hash === contentHash) {
      counts.unchanged += 1;
      continue;
    }
    options.onProgress?.(`${manual.id}: building its tree and choosing its summaries${embedder ? ` with ${embedder.id}` : ' (keyword-only: first sentences)'}`);
    const write = await manualWrite(manual, contentHash, summaryBy, counter, embedder ? (texts) => embedder.embedDocuments(texts) : null);
    forget(deps.repository.replace(write));
    if (stored) counts.updated += 1;
    else counts.inserted += 1;
    const sections = deps.repository.sections(manual.id);
    for (const section of sections) deps.sectionKeyword.upsert(manualKeywordDocument(section));
    options.onProgress?.(`${manual.id}: ${write.sections.length} sections, ${write.sections.reduce((sum, section) => sum + section.passages.length, 0)} passages`);
  }
  // The shipped manuals are `cita ingest --corpus manuals`'s own; anything from --from is the user's: neither reload
  // removes the other's.
  const origin = options.from === undefined ? 'shipped' : 'user';
  deps.repository.markOrigin(
    manuals.map((manual) => manual.id),
    origin,
  );
  if (complete) {
    const removed = deps.repository.removeExcept(
      manuals.map((manual) => manual.id),
      origin,
    );
    forget(removed);
    counts.removed = removed.removed;
  }
  for (const row of deps.repository.passages()) deps.keyword.upsert(manualKeywordDocument(row));
  return counts;
}

/** One manual's rows: each section with its summary and passages. */
async function manualWrite(
  manual: ManualFile,
  contentHash: string,
  summaryBy: string,
  counter: TokenCounter,
  embed: ((texts: readonly string[]) => Promise<Float32Array[]>) | null,
): Promise<ManualWrite> {
  const body = readManualBody(manual.body);
  const sections = manualSections(manual.id, manual.title, body.text);
  const candidates = sections.map((section) => summaryCandidates(section.text, body.tableRows));
  const flat = candidates.flat();
  const vectors = embed && flat.length > 0 ? await embed(flat) : null;
  let offset = 0;
  return {
    manual: { id: manual.id, title: manual.title, source_name: manual.source_name, source_url: manual.source_url, content_hash: contentHash },
    sections: sections.map((section, position) => {
      const sentences = candidates[position] as string[];
      const sentenceVectors = vectors ? vectors.slice(offset, offset + sentences.length) : null;
      offset += sentences.length;
      const summary = (sentenceVectors ? centroidSummary(sentences, sentenceVectors) : leadSummary(sentences)).join(' ');
      const path = pathText(section.path);
      const embedText = `${manual.title}\n${path}\n${summary}`;
      const chunks = section.text.length === 0 ? [] : chunkCard({ id: manual.id, title: manual.title, sections: [{ heading: path, text: section.text }] }, counter);
      return {
        section_index: section.index,
        parent_index: section.parentIndex,
        level: section.level,
        heading: section.heading,
        item_key: section.itemKey,
        summary,
        summary_by: sentenceVectors ? summaryBy : 'lead',
        embed_text: embedText,
        embed_hash: sha256(`${manualSectionsFormula}\n${embedText}`),
        passages: chunks.map((chunk, index) => ({ chunk_index: index, passage: chunk.passage, embed_text: chunk.embedText, embed_hash: sha256(`${manualsFormula}\n${chunk.embedText}`) })),
      };
    }),
  };
}
