import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { httpsUrlSchema } from '../../../shared/contract/common.js';
import { AppError } from '../../core/errors.js';
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

/** Reads one manual file; a file without valid front matter is refused with the reason. */
export function readManualFile(path: string): ManualFile {
  const id = basename(path, extname(path));
  if (!manualIdPattern.test(id) || id.length > 100) throw new AppError('invalid_input', `${path}: a manual's file name must be lowercase words joined by hyphens (it is the manual's id)`);
  const text = readFileSync(path, 'utf8').replace(/\r\n?/g, '\n');
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*\n/.exec(text);
  if (!match) throw new AppError('invalid_input', `${path}: a manual starts with front matter (title, source_name, source_url)`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1] as string));
  if (!parsed.success) throw new AppError('invalid_input', `${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; ')}`);
  return { id, ...parsed.data, body: text.slice(match[0].length).trim() };
}

/** The manuals of a directory (every `.md` file but its README), or one file; sorted by id. */
export function readManualSource(from: string): { manuals: ManualFile[]; complete: boolean } {
  if (statSync(from).isFile()) return { manuals: [readManualFile(from)], complete: false };
  const files = readdirSync(from)
    .filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md')
    .sort();
  return { manuals: files.map((name) => readManualFile(join(from, name))), complete: true };
}
