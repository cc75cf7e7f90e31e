import { Parser } from 'htmlparser2';

/** Text drawn from one file: its title when the file names one, and a Markdown-like body (`## ` sections). */
export interface DocumentText {
  title: string | null;
  body: string;
}

/** A file that cannot give text; the message says why and is shown next to the file's name. */
export class DocumentTextProblem extends Error {
  override name = 'DocumentTextProblem';
}

/**
 * Markdown without front matter: the first `# ` heading is the title (and leaves the body); the rest is read as
 * a card body, `## ` headings making sections.
 */
export function markdownText(text: string): DocumentText {
  const lines = text.split('\n');
  const headingAt = lines.findIndex((line) => /^#\s+\S/.test(line));
  if (headingAt < 0) return { title: null, body: text.trim() };
  const title = (lines[headingAt] as string).replace(/^#\s+/, '').replace(/\s+#*\s*$/, '').trim();
  return { title, body: [...lines.slice(0, headingAt), ...lines.slice(headingAt + 1)].join('\n').trim() };
}

/** Elements whose text is never document text. */
const skipped = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'nav', 'footer']);
const blocks = new Set(['p', 'div', 'section', 'article', 'li', 'tr', 'br', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dd', 'dt', 'main', 'header', 'aside', 'figure', 'figcaption']);

/**
 * HTML as text: `<title>` (else the first `<h1>`) is the title, `<h2>`–`<h6>` start sections, block elements end
 * lines; scripts, styles and navigation are dropped. htmlparser2 is forgiving, so any HTML gives its text.
 */
export function htmlText(html: string): DocumentText {
  let title: string | null = null;
  let firstHeading: string | null = null;
  const lines: string[] = [];
  let line = '';
  let skipDepth = 0;
  let inTitle = false;
  let heading: { level: number; text: string } | null = null;
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text.length > 0) lines.push(text);
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (skipped.has(name) && name !== 'head') skipDepth += 1;
        if (name === 'title') inTitle = true;
        const level = /^h([1-6])$/.exec(name);
        if (level && skipDepth === 0) {
          endLine();
          heading = { level: Number(level[1]), text: '' };
        } else if (blocks.has(name)) endLine();
      },
      ontext(text) {
        if (inTitle) title = `${title ?? ''}${text}`;
        else if (skipDepth > 0) return;
        else if (heading) heading.text += text;
        else line += text;
      },
      onclosetag(name) {
        if (skipped.has(name) && name !== 'head') skipDepth = Math.max(0, skipDepth - 1);
        if (name === 'title') inTitle = false;
        const open = heading;
        if (open && name === `h${open.level}`) {
          const text = open.text.replace(/\s+/g, ' ').trim();
          heading = null;
          if (text.length === 0) return;
          if (open.level === 1 && firstHeading === null) firstHeading = text;
          else lines.push('', `## ${text}`, '');
        } else if (blocks.has(name)) endLine();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  endLine();
  const cleanTitle = (title as string | null)?.replace(/\s+/g, ' ').trim() || null;
  return { title: cleanTitle ?? firstHeading, body: lines.join('\n').replace(/\n{3,}/g, '\n\n').trim() };
}

/**
 * The text layer of a PDF, one `## Page N` section per page that has text (so a citation can say where), via
 * pdf.js. No OCR: a scanned PDF without a text layer is a problem, not an empty document.
 */
export async function pdfText(data: Uint8Array): Promise<DocumentText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document;
  try {
    document = await getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (error) {
    throw new DocumentTextProblem(`is not a readable PDF (${(error as Error).message})`);
  }
  try {
    const sections: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : ''))
        .join('')
        .split('\n')
        .map((textLine) => textLine.replace(/\s+/g, ' ').trim())
        .filter((textLine) => textLine.length > 0)
        .join('\n');
      if (text.length > 0) sections.push(`## Page ${number}\n\n${text}`);
    }
    if (sections.length === 0) throw new DocumentTextProblem('has no text layer (a scanned PDF?): cita reads the text of PDFs and does no OCR');
    const metadata = await document.getMetadata().catch(() => null);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- pdfjs types `info` as `Object`: this names the one field read
    const info = metadata?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim().length > 0 ? info.Title.trim() : null;
    return { title, body: sections.join('\n\n') };
  } finally {
    await document.destroy();
  }
}
