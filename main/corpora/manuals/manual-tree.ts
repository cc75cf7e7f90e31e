/**
 * A manual's tree, read from its Markdown headings: `##` chapters, `###` sections, `####` subsections. Deeper
 * headings stay inside their parent's text (a fifth level of numbered clauses makes branches too small to summarise).
 */
export const deepestSectionLevel = 4;

/**
 * Version of how headings are read (v2: a trailing permalink sign, Sphinx's "¶", is not part of a heading); part of
 * each manual's content hash, so a manual read under another version is rebuilt by the next ingest.
 */
export const manualTreeMethod = 'headings:v2';

/** One node of a manual's tree: a heading and the text under it up to the next heading at a tree level. */
export interface ManualSection {
  /** 0-based position in reading order. */
  index: number;
  /** The enclosing section's index, null at the top. */
  parentIndex: number | null;
  /** Heading level as written (2 for `##`). */
  level: number;
  heading: string;
  /** Headings from the top of the tree down to this one. */
  path: string[];
  /** `<manual id>#<heading>`, with " (2)", " (3)"… for a heading the manual repeats. */
  itemKey: string;
  /** The section's own Markdown (its deeper headings included), without its subsections; '' when it has none. */
  text: string;
}

const headingPattern = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** Heading text without Markdown emphasis, without a trailing permalink sign (Sphinx's "¶") and with whitespace collapsed. */
function cleanHeading(text: string): string {
  return text
    .replace(/\s*¶\s*$/, '')
    .replace(/\*\*|__|`|\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads a manual body into its sections, in reading order; text before the first heading is a section named after the manual. */
export function manualSections(manualId: string, title: string, body: string): ManualSection[] {
  const sections: ManualSection[] = [];
  const seen = new Map<string, number>();
  const stack: ManualSection[] = [];
  let lines: string[] = [];
  let current: ManualSection | null = null;
  let inFence = false;
  const flush = () => {
    if (current)
      current.text = lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    lines = [];
  };
  const open = (level: number, heading: string, encloses = true) => {
    flush();
    while (stack.length > 0 && (stack[stack.length - 1] as ManualSection).level >= level) stack.pop();
    const parent = stack[stack.length - 1] ?? null;
    const count = (seen.get(heading) ?? 0) + 1;
    seen.set(heading, count);
    current = {
      index: sections.length,
      parentIndex: parent ? parent.index : null,
      level,
      heading,
      path: [...(parent ? parent.path : []), heading],
      itemKey: `${manualId}#${heading}${count > 1 ? ` (${count})` : ''}`,
      text: '',
    };
    sections.push(current);
    // The text before the first heading is a section of its own, not the parent of the chapters after it.
    if (encloses) stack.push(current);
  };
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : headingPattern.exec(line);
    const level = match ? (match[1] as string).length : 0;
    const heading = match ? cleanHeading(match[2] as string) : '';
    if (match && level <= deepestSectionLevel && heading.length > 0) {
      open(level, heading);
      continue;
    }
    if (!current && line.trim().length > 0) open(1, title, false);
    lines.push(line);
  }
  flush();
  return sections;
}
