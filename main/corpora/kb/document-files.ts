import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseYaml, YAMLError } from 'yaml';
import { z } from 'zod';
import { isoDateSchema } from '../../../shared/contract/common.js';
import { kbCategories } from '../../../shared/contract/kb.js';
import { foldText } from '../../core/text-folding.js';
import { CardProblem, overviewHeading, parseCard, splitSections, withoutSourceLine, type Card, type CardSection } from './card.js';
import { DocumentTextProblem, htmlText, markdownText, pdfText, type DocumentText } from './document-text.js';

/** A file bigger than this is refused (a 50 MB file is a mistake, not a guideline); PDFs and HTML included. */
export const maxDocumentBytes = 20 * 1024 * 1024;

/** The file kinds a folder may hold besides cards. */
export const documentExtensions = new Set(['.md', '.markdown', '.txt', '.text', '.html', '.htm', '.pdf']);

const cardIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A KB id for a document's own name or id: kept as it is when it already is one (SciFact's "4983"), otherwise
 * folded to lowercase words joined by hyphens plus a short hash of the original, so two originals that fold to the
 * same words still get two ids, and the same original always gets the same id.
 */
export function derivedId(original: string): string {
  if (cardIdPattern.test(original) && original.length <= 100) return original;
  const words = foldText(original).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
  const hash = createHash('sha256').update(original).digest('hex').slice(0, 8);
  return words.length === 0 ? `doc-${hash}` : `${words}-${hash}`;
}

/** Front matter of a document that is not a card: every field optional, unknown fields still refused. */
const documentFrontMatterSchema = z
  .object({
    title: z.string().trim().min(1).optional(),
    category: z.enum(kbCategories, { error: () => `category must be one of ${kbCategories.join(', ')}` }).optional(),
    source_name: z.string().trim().min(1).max(300).optional(),
    source_url: z
      .string()
      .trim()
      .refine((text) => {
        try {
          return new URL(text).protocol === 'https:';
        } catch {
          return false;
        }
      }, 'source_url must be an https:// address')
      .optional(),
    last_reviewed: z.string().pipe(isoDateSchema).optional(),
  })
  .strict();
type DocumentFrontMatter = z.infer<typeof documentFrontMatterSchema>;

/** What a document is called when nothing inside it says: its file name, words apart. */
function titleFromFileName(file: string): string {
  const name = basename(file, extname(file)).replace(/[-_]+/g, ' ').trim();
  return name.length > 0 ? name : basename(file);
}

/** The date a file was last changed, as the document's review date when its front matter gives none. */
function fileDate(path: string): string {
  return statSync(path).mtime.toISOString().slice(0, 10);
}

/** Sections of a document body: a heading-less start is unnamed (not "Overview"), so it adds no word to search. */
function documentSections(body: string): CardSection[] {
  return withoutSourceLine(splitSections(body)).map((section, index) => (index === 0 && section.heading === overviewHeading ? { heading: '', text: section.text } : section));
}

/** Splits optional front matter off a Markdown or text file: null when the file has none. */
function splitFrontMatter(name: string, text: string): { yaml: string; body: string } | null {
  const opening = /^---[ \t]*\n/.exec(text);
  if (!opening) return null;
  const closing = /^---[ \t]*$/m.exec(text.slice(opening[0].length));
  if (!closing) throw new CardProblem(name, 'malformed front matter: the closing "---" line is missing');
  return {
    yaml: text.slice(opening[0].length, opening[0].length + closing.index),
    body: text.slice(opening[0].length + closing.index + closing[0].length).replace(/^\n+/, ''),
  };
}

function parseFrontMatter(name: string, yaml: string): Record<string, unknown> {
  let fields: unknown;
  try {
    fields = parseYaml(yaml, { uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    throw new CardProblem(name, `malformed front matter: ${error instanceof YAMLError ? error.message.split('\n')[0] : String(error)}`);
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) throw new CardProblem(name, 'malformed front matter: expected "field: value" lines');
  return fields as Record<string, unknown>;
}

/** Where a document came from, for its defaults. */
interface DocumentOrigin {
  /** The path shown in messages and kept as the original id (relative to the folder). */
  name: string;
  path: string;
}

function documentCard(origin: DocumentOrigin, text: DocumentText, front: DocumentFrontMatter): Card {
  const sections = documentSections(text.body);
  if (sections.length === 0) throw new CardProblem(origin.name, 'has no text');
  const title = front.title ?? text.title ?? titleFromFileName(origin.name);
  const id = derivedId(origin.name.replace(/\.[^./]+$/, ''));
  return {
    id,
    title,
    category: front.category ?? 'reference',
    source_name: front.source_name ?? origin.name,
    source_url: front.source_url ?? '',
    last_reviewed: front.last_reviewed ?? fileDate(origin.path),
    body: text.body,
    sections,
    original_id: origin.name,
  };
}

/**
 * One file of a folder as a card: a Markdown file whose front matter has an `id` is a card and is checked as one
 * (all six fields); any other Markdown, text, HTML or PDF file is a document with defaults (title from its first
 * heading or its name, category "reference", source = the file).
 */
export async function readDocumentFile(origin: DocumentOrigin): Promise<Card> {
  const extension = extname(origin.path).toLowerCase();
  const size = statSync(origin.path).size;
  if (size > maxDocumentBytes) throw new CardProblem(origin.name, `is ${(size / 1024 / 1024).toFixed(1)} MB, more than the ${maxDocumentBytes / 1024 / 1024} MB a document may have`);
  if (size === 0) throw new CardProblem(origin.name, 'the file is empty');
  try {
    if (extension === '.pdf') return documentCard(origin, await pdfText(new Uint8Array(readFileSync(origin.path))), {});
    const raw = readFileSync(origin.path, 'utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    if (raw.trim().length === 0) throw new CardProblem(origin.name, 'the file is empty');
    if (extension === '.html' || extension === '.htm') return documentCard(origin, htmlText(raw), {});
    const split = splitFrontMatter(origin.name, raw);
    const fields = split ? parseFrontMatter(origin.name, split.yaml) : {};
    if ('id' in fields) return parseCard(origin.name, basename(origin.path).replace(/\.[^.]+$/, ''), raw);
    const front = documentFrontMatterSchema.safeParse(fields);
    if (!front.success) throw new CardProblem(origin.name, `front matter: ${front.error.issues.map((issue) => (issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}` : issue.message)).join('; ')}`);
    const body = split ? split.body : raw;
    const text = extension === '.md' || extension === '.markdown' ? markdownText(body) : { title: null, body: body.trim() };
    return documentCard(origin, text, front.data);
  } catch (error) {
    if (error instanceof DocumentTextProblem) throw new CardProblem(origin.name, error.message);
    throw error;
  }
}

/** A BEIR corpus file larger than this is refused before it is read. */
export const maxCorpusBytes = 1024 * 1024 * 1024;

const beirDocumentSchema = z.object({
  _id: z.union([z.string().trim().min(1).max(1000), z.number().transform(String)]),
  title: z.string().optional().default(''),
  text: z.string(),
});

/** The first words of a text, for a document that has no title. */
function firstWords(text: string): string {
  const words = text.trim().split(/\s+/).slice(0, 12).join(' ');
  return words.length > 0 ? words : 'Untitled';
}

/**
 * A BEIR `corpus.jsonl` (one `{"_id", "title", "text"}` per line) as cards: the id kept when it is a KB id,
 * derived otherwise (the original kept as original_id), the title as given (any length), the text one section.
 * Every line is checked first: a line that is not JSON, a missing field or a repeated `_id` is named by line.
 */
export function readBeirCorpus(path: string): Card[] {
  const name = basename(path);
  const size = statSync(path).size;
  if (size > maxCorpusBytes) throw new CardProblem(name, `is ${(size / 1024 / 1024).toFixed(0)} MB, more than the ${maxCorpusBytes / 1024 / 1024} MB a corpus file may have`);
  const date = fileDate(path);
  const cards: Card[] = [];
  const problems: CardProblem[] = [];
  const lineOf = new Map<string, number>();
  const idOwner = new Map<string, string>();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const where = `${name} line ${index + 1}`;
      if (line.trim().length === 0) return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch (error) {
        problems.push(new CardProblem(where, `is not JSON (${(error as Error).message})`));
        return;
      }
      const parsed = beirDocumentSchema.safeParse(json);
      if (!parsed.success) {
        problems.push(new CardProblem(where, `is not a BEIR document ({"_id", "title", "text"}): ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'line'} ${issue.message}`).join('; ')}`));
        return;
      }
      const { _id: original, title, text } = parsed.data;
      const first = lineOf.get(original);
      if (first !== undefined) {
        problems.push(new CardProblem(where, `repeats _id "${original}" (first on line ${first})`));
        return;
      }
      lineOf.set(original, index + 1);
      const id = derivedId(original);
      const clash = idOwner.get(id);
      if (clash !== undefined) {
        problems.push(new CardProblem(where, `_id "${original}" gives the same KB id "${id}" as _id "${clash}"`));
        return;
      }
      idOwner.set(id, original);
      if (text.trim().length === 0 && title.trim().length === 0) {
        problems.push(new CardProblem(where, `_id "${original}" has neither title nor text`));
        return;
      }
      const body = text.trim().length > 0 ? text.trim() : title.trim();
      cards.push({
        id,
        title: title.trim().length > 0 ? title.trim() : firstWords(text),
        category: 'reference',
        source_name: name,
        source_url: '',
        last_reviewed: date,
        body,
        sections: [{ heading: '', text: body }],
        original_id: id === original ? null : original,
      });
    });
  if (problems.length > 0) throw new DocumentSetProblems(problems);
  return cards;
}

/** Several per-item problems at once (one per bad line or file). */
export class DocumentSetProblems extends Error {
  override name = 'DocumentSetProblems';
  constructor(readonly problems: CardProblem[]) {
    super(problems.map((problem) => problem.message).join('; '));
  }
}
