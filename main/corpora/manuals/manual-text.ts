import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * Version of the text a manual's body is read as before its tree is built (tables as lines of text); part of each
 * manual's content hash, so a manual ingested under another reading is rebuilt by the next ingest.
 */
export const manualTextMethod = 'tables-as-rows:v1';

/** Markdown emphasis and backslash escapes taken out of a table cell (`**Day**` → `Day`, `\>` → `>`). */
function cleanCell(text: string): string {
  return text
    .replace(/\*\*|__/g, '')
    .replace(/(^|[^\w*])\*([^*\s][^*]*)\*(?!\w)/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One table row as one line of text, one sentence: each non-empty cell as "header: value" (the value alone where its
 * column has no header), joined by "; ", with a full stop. A row of a single non-empty cell is that cell's text as written (its paragraphs and list
 * items kept), so the sentences of a boxed definition read as prose.
 */
function rowText(cells: readonly string[], headers: readonly string[], dataRows: string[]): string {
  const filled = cells.map((cell, column) => ({ cell, column })).filter(({ cell }) => cleanCell(cell).length > 0);
  if (filled.length === 1 && !headers[(filled[0] as { column: number }).column]) {
    return (filled[0] as { cell: string }).cell
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
  const line = filled
    .map(({ cell, column }) => {
      const header = headers[column] ?? '';
      return header ? `${header}: ${cleanCell(cell)}` : cleanCell(cell);
    })
    .join('; ');
  if (line.length === 0) return line;
  // A full stop ends the row's sentence, so rows read one by one.
  const sentence = /[.!?]$/.test(line) ? line : `${line}.`;
  dataRows.push(sentence);
  return sentence;
}

/** An HTML table (htmlparser2, entities decoded) as lines of text: a row of `<th>` cells names the columns of the rows after it. */
function htmlTableText(html: string, dataRows: string[]): string {
  const document = parseDocument(html, { decodeEntities: true });
  const rows = DomUtils.getElementsByTagName('tr', document.children, true);
  let headers: string[] = [];
  const lines: string[] = [];
  for (const row of rows) {
    const cells = DomUtils.getElementsByTagName((name) => name === 'td' || name === 'th', row.children, false);
    const texts = cells.map((cell) => DomUtils.textContent(cell));
    if (cells.length > 0 && cells.every((cell) => cell.name === 'th')) {
      headers = texts.map(cleanCell);
      continue;
    }
    const line = rowText(texts, headers, dataRows);
    if (line.length > 0) lines.push(line);
  }
  // Rows are lines; a row that is a boxed paragraph (or several) is set apart as paragraphs.
  return lines.join(lines.some((line) => line.includes('\n')) ? '\n\n' : '\n');
}

/** The cells of a Markdown pipe-table row (`| a | b |`), split on the pipes that are not escaped. */
function pipeCells(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

const delimiterRow = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * A manual's Markdown with its tables read as text: raw HTML tables (`<table>`…`</table>`, as some publishers'
 * Markdown carries them) and GFM pipe tables become one line per row ("header: value; header: value"), so passages,
 * summaries and the keyword index read rows, not markup, and no sentence is cut by a tag. Code fences are left alone.
 */
export function manualBodyText(body: string): string {
  return readManualBody(body).text;
}

/**
 * The body read as text (`manualBodyText`), and its tables' data rows (the rows of several cells, as written into the
 * text): a summary leaves them out, as a row of figures says little about its section on its own (the centroid of a
 * section holding a long table lies among its rows, and "Day: Friday; Hours: 8." summarised a schedule section).
 */
export function readManualBody(body: string): { text: string; tableRows: string[] } {
  const tableRows: string[] = [];
  const lines = body.split('\n');
  const out: string[] = [];
  let inFence = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) {
      out.push(line);
      continue;
    }
    const start = /<table\b/i.exec(line);
    if (start) {
      // The table runs to the line where its `<table>`s are all closed (or to the end of the body).
      let depth = 0;
      let end = index;
      for (; end < lines.length; end += 1) {
        const text = end === index ? line.slice(start.index) : (lines[end] as string);
        depth += (text.match(/<table\b/gi) ?? []).length - (text.match(/<\/table\s*>/gi) ?? []).length;
        if (depth <= 0) break;
      }
      end = Math.min(end, lines.length - 1);
      const html = [line.slice(start.index), ...lines.slice(index + 1, end + 1)].join('\n');
      const close = /<\/table\s*>(?![\s\S]*<\/table\s*>)/i.exec(html);
      const before = line.slice(0, start.index).trim();
      const after = close ? html.slice(close.index + close[0].length).trim() : '';
      out.push(...(before ? [before, ''] : []), htmlTableText(close ? html.slice(0, close.index + close[0].length) : html, tableRows), ...(after ? ['', after] : []));
      index = end;
      continue;
    }
    if (line.includes('|') && delimiterRow.test(lines[index + 1] ?? '') && !delimiterRow.test(line)) {
      const headers = pipeCells(line).map(cleanCell);
      const rows: string[] = [];
      let next = index + 2;
      for (; next < lines.length && (lines[next] as string).includes('|') && (lines[next] as string).trim().length > 0; next += 1) {
        const row = rowText(pipeCells(lines[next] as string), headers, tableRows);
        if (row.length > 0) rows.push(row);
      }
      out.push(rows.join('\n'));
      index = next - 1;
      continue;
    }
    out.push(line);
  }
  return { text: out.join('\n'), tableRows };
}
