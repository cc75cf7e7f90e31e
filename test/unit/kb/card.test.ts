import { describe, expect, it } from 'vitest';
import { CardProblem, parseCard, splitSections } from '../../../main/corpora/kb/card.js';

const frontMatter = [
  '---',
  'id: ddi-example',
  'title: Example drug with another — bleeding risk',
  'category: drug-interaction',
  'source_name: MedlinePlus — Example',
  'source_url: https://medlineplus.gov/druginfo/meds/a000000.html',
  'last_reviewed: 2026-11-29',
  '---',
];
const body = [
  '## What happens',
  '',
  'The first drug adds to the bleeding risk of the second.',
  '',
  '## What to do',
  '',
  '- Ask about every pain reliever.',
  '- Tell the prescriber.',
  '',
  'Source: MedlinePlus — Example, https://medlineplus.gov/druginfo/meds/a000000.html',
];
const card = (lines: string[] = frontMatter, text: string[] = body) => [...lines, '', ...text].join('\n');
const withField = (field: string, value: string | null) =>
  frontMatter.flatMap((line) => (line.startsWith(`${field}:`) ? (value === null ? [] : [`${field}: ${value}`]) : [line]));

function problemOf(text: string, id = 'ddi-example'): string {
  try {
    parseCard(`${id}.md`, id, text);
  } catch (error) {
    expect(error).toBeInstanceOf(CardProblem);
    expect((error as CardProblem).file).toBe(`${id}.md`);
    return (error as CardProblem).problem;
  }
  throw new Error('the card was accepted');
}

describe('parsing a clinical card', () => {
  it('reads the six front-matter fields and the sections of the body', () => {
    const parsed = parseCard('ddi-example.md', 'ddi-example', card());
    expect(parsed).toMatchObject({
      id: 'ddi-example',
      title: 'Example drug with another — bleeding risk',
      category: 'drug-interaction',
      source_name: 'MedlinePlus — Example',
      source_url: 'https://medlineplus.gov/druginfo/meds/a000000.html',
      last_reviewed: '2026-11-29',
    });
    expect(parsed.sections.map((section) => section.heading)).toEqual(['What happens', 'What to do']);
  });

  it('leaves the closing Source line out of the passages (the citation travels as metadata) but keeps it in the body', () => {
    const parsed = parseCard('ddi-example.md', 'ddi-example', card());
    expect(parsed.sections.at(-1)?.text).toBe('- Ask about every pain reliever.\n- Tell the prescriber.');
    expect(parsed.body.endsWith('https://medlineplus.gov/druginfo/meds/a000000.html')).toBe(true);
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    const parsed = parseCard('ddi-example.md', 'ddi-example', `\uFEFF${card().replace(/\n/g, '\r\n')}`);
    expect(parsed.sections).toHaveLength(2);
  });

  it('rejects an empty file', () => {
    expect(problemOf('')).toBe('the file is empty');
    expect(problemOf(' \n\n')).toBe('the file is empty');
  });

  it('rejects a file without front matter', () => {
    expect(problemOf(body.join('\n'))).toMatch(/^no front matter/);
  });

  it('rejects front matter without its closing line', () => {
    expect(problemOf(frontMatter.slice(0, -1).join('\n'))).toMatch(/closing "---" line is missing/);
  });

  it('rejects malformed YAML', () => {
    expect(problemOf(card(withField('title', 'Warfarin: with: NSAIDs')))).toMatch(/^malformed front matter/);
    expect(problemOf(card([...frontMatter.slice(0, 2), 'id: again', ...frontMatter.slice(2)]))).toMatch(/^malformed front matter/);
  });

  it('rejects a card without a source name or a source URL, naming the field', () => {
    expect(problemOf(card(withField('source_url', null)))).toMatch(/source_url is missing/);
    expect(problemOf(card(withField('source_name', null)))).toMatch(/source_name is missing/);
    expect(problemOf(card(withField('source_name', '""')))).toMatch(/source_name is empty/);
  });

  it('accepts only https source URLs', () => {
    expect(problemOf(card(withField('source_url', 'http://medlineplus.gov/x.html')))).toMatch(/source_url.*https/);
    expect(problemOf(card(withField('source_url', 'medlineplus')))).toMatch(/https/);
  });

  it('accepts only the four categories', () => {
    expect(problemOf(card(withField('category', 'pharmacology')))).toMatch(/category must be one of drug-interaction, adherence-barrier/);
  });

  it('requires a real review date', () => {
    expect(problemOf(card(withField('last_reviewed', '2026-02-30')))).toMatch(/last_reviewed/);
    expect(problemOf(card(withField('last_reviewed', null)))).toMatch(/last_reviewed is missing/);
  });

  it('requires the id to equal the file name', () => {
    expect(problemOf(card(), 'ddi-other')).toMatch(/id "ddi-example" does not match the file name/);
  });

  it('rejects unknown fields, so a misspelt one is caught', () => {
    expect(problemOf(card([...frontMatter.slice(0, -1), 'source-url: https://x.org', '---']))).toMatch(/unknown field source-url/);
  });

  it('rejects a closing Source line that cites another URL than source_url', () => {
    const text = card(frontMatter, [...body.slice(0, -1), 'Source: MedlinePlus — Example, https://medlineplus.gov/other.html']);
    expect(problemOf(text)).toMatch(/Source line cites https:\/\/medlineplus.gov\/other.html/);
  });

  it('rejects a card with front matter and no body', () => {
    expect(problemOf(frontMatter.join('\n'))).toBe('the card has no body after its front matter');
  });
});

describe('a card\'s severity', () => {
  const withSeverity = (severity: string, category = 'drug-interaction') => card([...withField('category', category).slice(0, -1), `severity: ${severity}`, '---']);

  it('is read when the front matter gives one', () => {
    expect(parseCard('ddi-example.md', 'ddi-example', withSeverity('contraindicated')).severity).toBe('contraindicated');
    expect(parseCard('ddi-example.md', 'ddi-example', withSeverity('emergency', 'escalation')).severity).toBe('emergency');
  });

  it('is absent when the front matter gives none', () => {
    const parsed = parseCard('ddi-example.md', 'ddi-example', card());
    expect(parsed.severity).toBeUndefined();
    expect('severity' in parsed).toBe(false);
  });

  it('rejects an unknown level, naming the file and the levels', () => {
    expect(problemOf(withSeverity('severe'))).toBe('front matter: severity must be one of contraindicated, avoid, monitor, emergency, urgent');
    expect(problemOf(withSeverity('Contraindicated'))).toMatch(/^front matter: severity must be one of/);
  });

  it('rejects a level that is not one of its category', () => {
    expect(problemOf(withSeverity('emergency'))).toBe('front matter: severity emergency is not a level for drug-interaction cards (one of contraindicated, avoid, monitor)');
    expect(problemOf(withSeverity('avoid', 'escalation'))).toBe('front matter: severity avoid is not a level for escalation cards (one of emergency, urgent)');
    expect(problemOf(withSeverity('monitor', 'adherence-barrier'))).toBe('front matter: severity is only for drug-interaction and escalation cards, not adherence-barrier');
  });
});

describe('splitting a body into sections', () => {
  it('calls text before the first heading "Overview" and keeps ### subheadings inside their section', () => {
    expect(splitSections('Intro line.\n\n## A\n\nText a.\n\n### Sub\n\nMore.\n\n## B\nText b.')).toEqual([
      { heading: 'Overview', text: 'Intro line.' },
      { heading: 'A', text: 'Text a.\n\n### Sub\n\nMore.' },
      { heading: 'B', text: 'Text b.' },
    ]);
  });

  it('drops sections with a heading and no text', () => {
    expect(splitSections('## Empty\n\n## Full\nText.')).toEqual([{ heading: 'Full', text: 'Text.' }]);
  });
});
