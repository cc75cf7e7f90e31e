import { parse as parseYaml, YAMLError } from 'yaml';
import { z } from 'zod';
import { httpsUrlSchema, isoDateSchema } from '../../../shared/contract/common.js';
import { kbCategories, kbEscalationSeverities, kbInteractionSeverities, kbSeverities, type KbSeverity } from '../../../shared/contract/kb.js';

/** One `## ` section of a card: its heading and its Markdown text. */
export interface CardSection {
  heading: string;
  text: string;
}

/** A clinical card as read from `kb/clinical/<id>.md`: its front matter, its body and the body's sections. */
export interface Card {
  id: string;
  title: string;
  category: (typeof kbCategories)[number];
  source_name: string;
  /** '' for a document without a web address (its source_name names the file). */
  source_url: string;
  last_reviewed: string;
  /** The id the document had where it came from, when the KB id had to be derived from it. */
  original_id?: string | null;
  /** The severity level the card's text supports (drug-interaction and escalation cards only); absent when none. */
  severity?: KbSeverity;
  /** The Markdown body after the front matter, as written (line endings normalised). */
  body: string;
  sections: CardSection[];
}

/** A problem with one card file; the ingest collects them all before it changes anything. */
export class CardProblem extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'CardProblem';
  }
}

/** The heading given to text that comes before a card's first `## ` heading. */
export const overviewHeading = 'Overview';

const cardIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${field} is missing` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is empty`)
    .max(max, `${field} is longer than ${max} characters`);

/** The levels each category may carry: an interaction is not an emergency, an escalation is not "avoid". */
const severitiesOf: Partial<Record<(typeof kbCategories)[number], readonly KbSeverity[]>> = {
  'drug-interaction': kbInteractionSeverities,
  escalation: kbEscalationSeverities,
};

/** The six required front-matter fields and the optional severity; nothing else is accepted, so a misspelt field is caught. */
const frontMatterSchema = z
  .object({
    id: requiredText('id', 100).regex(cardIdPattern, 'id must be lowercase words joined by hyphens'),
    title: requiredText('title', 200),
    category: z.enum(kbCategories, { error: () => `category must be one of ${kbCategories.join(', ')}` }),
    source_name: requiredText('source_name', 300),
    source_url: requiredText('source_url', 1000).pipe(httpsUrlSchema),
    // YAML 1.1 parsers turn an unquoted date into a Date; the yaml package (YAML 1.2 core) keeps it text.
    last_reviewed: z.string({ error: 'last_reviewed is missing (YYYY-MM-DD)' }).pipe(isoDateSchema),
    severity: z.enum(kbSeverities, { error: () => `severity must be one of ${kbSeverities.join(', ')}` }).optional(),
  })
  .strict()
  .superRefine((front, context) => {
    if (front.severity === undefined) return;
    const allowed = severitiesOf[front.category] ?? [];
    if (!allowed.includes(front.severity)) {
      const message =
        allowed.length === 0
          ? `severity is only for drug-interaction and escalation cards, not ${front.category}`
          : `severity ${front.severity} is not a level for ${front.category} cards (one of ${allowed.join(', ')})`;
      context.addIssue({ code: 'custom', path: ['severity'], message });
    }
  });

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
      const field = issue.path.join('.');
      return issue.message.startsWith(field) || field === '' ? issue.message : `${field}: ${issue.message}`;
    })
    .join('; ');
}

/** Splits a Markdown body into its `## ` sections; text before the first heading is an "Overview" section. */
export function splitSections(body: string): CardSection[] {
  const sections: CardSection[] = [];
  let heading = overviewHeading;
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text.length > 0) sections.push({ heading, text });
  };
  for (const line of body.split('\n')) {
    const match = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (match && !line.startsWith('###')) {
      flush();
      heading = match[1] as string;
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

/** The closing `Source: <name>, <url>` line of a card, if it has one. */
const sourceLinePattern = /^Source:\s*(.+?),\s*(https?:\/\/\S+)\s*$/;

/** The sections without the closing `Source:` line: the citation travels as metadata, not as passage text. */
export function withoutSourceLine(sections: CardSection[]): CardSection[] {
  const last = sections.at(-1);
  if (!last) return sections;
  const lines = last.text.split('\n');
  if (!sourceLinePattern.test(lines.at(-1) ?? '')) return sections;
  const text = lines.slice(0, -1).join('\n').trim();
  return text.length > 0 ? [...sections.slice(0, -1), { heading: last.heading, text }] : sections.slice(0, -1);
}

/**
 * Parses and validates one card file. `fileName` is the name shown in errors; `expectedId` (the file name
 * without `.md`) must equal the `id` field. Throws a CardProblem saying what is wrong.
 */
export function parseCard(fileName: string, expectedId: string, raw: string): Card {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim().length === 0) throw new CardProblem(fileName, 'the file is empty');
  const opening = /^---[ \t]*\n/.exec(text);
  if (!opening) {
    throw new CardProblem(fileName, 'no front matter: a card starts with a line "---", its fields (id, title, category, source_name, source_url, last_reviewed) and a closing "---"');
  }
  const closing = /^---[ \t]*$/m.exec(text.slice(opening[0].length));
  if (!closing) throw new CardProblem(fileName, 'malformed front matter: the closing "---" line is missing');
  const yamlText = text.slice(opening[0].length, opening[0].length + closing.index);
  const body = text.slice(opening[0].length + closing.index + closing[0].length).replace(/^\n+/, '').trimEnd();

  let fields: unknown;
  try {
    fields = parseYaml(yamlText, { uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    const message = error instanceof YAMLError ? error.message.split('\n')[0] : String(error);
    throw new CardProblem(fileName, `malformed front matter: ${message}`);
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new CardProblem(fileName, 'malformed front matter: expected "field: value" lines');
  }
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) throw new CardProblem(fileName, `front matter: ${describeIssues(parsed.error)}`);
  const front = parsed.data;
  if (front.id !== expectedId) throw new CardProblem(fileName, `id "${front.id}" does not match the file name (expected "${expectedId}")`);

  if (body.length === 0) throw new CardProblem(fileName, 'the card has no body after its front matter');
  const lastLine = body.split('\n').at(-1) ?? '';
  const sourceLine = sourceLinePattern.exec(lastLine);
  if (sourceLine && sourceLine[2] !== front.source_url) {
    throw new CardProblem(fileName, `the closing Source line cites ${sourceLine[2]} but source_url is ${front.source_url}`);
  }
  const sections = withoutSourceLine(splitSections(body));
  if (sections.length === 0) throw new CardProblem(fileName, 'the card has no text besides its Source line');
  return { ...front, body, sections };
}
