import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { httpsUrlSchema } from '../../../shared/contract/common.js';
import { AppError } from '../../core/errors.js';
import { foldText } from '../../core/text-folding.js';
import { DocumentTextProblem, htmlText, markdownText, pdfText, type DocumentText } from '../kb/document-text.js';
import { manualBodyText } from './manual-text.js';
import { packageRoot } from '../../paths.js';

/** Where the shipped manuals live (with their README: sources and licences). */
export function shippedManualsDirectory(): string {
  return join(packageRoot(), 'kb', 'manuals');
}

/** A manual as read from its Markdown file: its citation and its body (headings make its tree). */
export interface ManualFile {
  id: string;
  title: string;
  source_name: string;
  source_url: string;
  body: string;
}

const manualIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1).max(300),
    source_name: z.string().trim().min(1).max(300),
    source_url: httpsUrlSchema,
  })
  .strict();

/** The formats a manual may come in: the KB's document formats. */
export const manualExtensions: ReadonlySet<string> = new Set(['.md', '.markdown', '.txt', '.text', '.html', '.htm', '.pdf']);

/** A manual may be this large (a PDF monograph of some hundred pages). */
export const maxManualBytes = 50 * 1024 * 1024;

/** A file name as a manual id: accents folded, lowercase words joined by hyphens ("Guía de uso.pdf" → guia-de-uso). */
export function manualIdOfFile(path: string): string {
  return foldText(basename(path, extname(path)))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/**
 * Reads one manual file. Markdown with front matter carries its citation (title, source_name, source_url: all three,
 * checked) and its file name is its id. Any other document (Markdown or text without front matter, HTML, PDF) is read
 * as the KB reads documents: HTML headings and PDF pages make its sections, its title is its own (`<title>`, the first
 * `#` heading, the PDF's Title) or its file name's, its source is the file, and it has no web address.
 */
export async function readManualFile(path: string): Promise<ManualFile> {
  const extension = extname(path).toLowerCase();
  if (!manualExtensions.has(extension)) throw new AppError('invalid_input', `${path}: a manual is a ${[...manualExtensions].join(', ')} file`);
  const size = statSync(path).size;
  if (size === 0) throw new AppError('invalid_input', `${path}: the file is empty`);
  if (size > maxManualBytes) throw new AppError('invalid_input', `${path}: is ${(size / 1024 / 1024).toFixed(1)} MB, more than the ${maxManualBytes / 1024 / 1024} MB a manual may have`);
  const raw =
    extension === '.pdf'
      ? ''
      : readFileSync(path, 'utf8')
          .replace(/^\uFEFF/, '')
          .replace(/\r\n?/g, '\n');
  if ((extension === '.md' || extension === '.markdown') && /^---[ \t]*\n/.test(raw)) return manualWithFrontMatter(path, raw);
  const id = manualIdOfFile(path);
  if (id.length === 0) throw new AppError('invalid_input', `${path}: a manual's file name needs a letter or a digit (it makes the manual's id)`);
  let text: DocumentText;
  try {
    if (extension === '.pdf') text = withTextHashes(await pdfText(new Uint8Array(readFileSync(path))), /^## Page \d+$/);
    // Tables first become rows of text ("header: value; …"), as in a Markdown manual; then the page is read as text.
    else if (extension === '.html' || extension === '.htm') text = htmlText(manualBodyText(raw));
    else if (extension === '.md' || extension === '.markdown') text = markdownText(raw);
    else text = withTextHashes({ title: null, body: raw.trim() }, null);
  } catch (error) {
    if (error instanceof DocumentTextProblem) throw new AppError('invalid_input', `${path}: ${error.message}`);
    throw error;
  }
  if (text.body.trim().length === 0) throw new AppError('invalid_input', `${path}: has no text`);
  const title = (text.title ?? basename(path, extname(path)).replace(/[-_]+/g, ' ').trim()).slice(0, 300);
  return { id, title, source_name: basename(path).slice(0, 300), source_url: '', body: text.body };
}

/**
 * A PDF's or a text file's lines that begin with "#" are text (a generated file's banner, a comment), not Markdown
 * headings: each is indented by a space so the tree does not read it as a section. `headings` are the lines the reader
 * itself wrote as headings (a PDF's "## Page N").
 */
function withTextHashes(text: DocumentText, headings: RegExp | null): DocumentText {
  const body = text.body
    .split('\n')
    .map((line) => (line.startsWith('#') && !(headings?.test(line) ?? false) ? ` ${line}` : line))
    .join('\n');
  return { ...text, body };
}

/** A Markdown manual with front matter: the strict form the shipped manuals use. */
function manualWithFrontMatter(path: string, text: string): ManualFile {
  const id = basename(path, extname(path));
  if (!manualIdPattern.test(id) || id.length > 100) throw new AppError('invalid_input', `${path}: a manual's file name must be lowercase words joined by hyphens (it is the manual's id)`);
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*\n/.exec(text);
  if (!match) throw new AppError('invalid_input', `${path}: the front matter's closing "---" line is missing`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1] as string));
  if (!parsed.success) throw new AppError('invalid_input', `${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; ')}`);
  return { id, ...parsed.data, body: text.slice(match[0].length).trim() };
}

/** The manuals of a directory (every file of a manual format but its README), or one file; sorted by id. */
export async function readManualSource(from: string): Promise<{ manuals: ManualFile[]; complete: boolean }> {
  if (statSync(from).isFile()) return { manuals: [await readManualFile(from)], complete: false };
  const files = readdirSync(from)
    .filter((name) => manualExtensions.has(extname(name).toLowerCase()) && !/^readme\.[a-z]+$/i.test(name))
    .sort();
  const manuals: ManualFile[] = [];
  for (const name of files) manuals.push(await readManualFile(join(from, name)));
  const byId = new Map<string, string>();
  for (const [index, manual] of manuals.entries()) {
    const other = byId.get(manual.id);
    if (other !== undefined) throw new AppError('invalid_input', `${join(from, files[index] as string)}: its manual id "${manual.id}" is also ${other}'s; rename one of them`);
    byId.set(manual.id, files[index] as string);
  }
  return { manuals: manuals.sort((a, b) => a.id.localeCompare(b.id)), complete: true };
}
