/**
 * A small valid PDF written by hand (PDF 1.4, Helvetica, one text line per entry), so tests need no PDF tool and
 * no binary fixture: each page is a list of lines; an empty page has no text layer at all.
 */
export function minimalPdf(pages: ReadonlyArray<readonly string[]>, title?: string): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const escape = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  add(''); // 1: catalog, written once the pages are known
  add(''); // 2: page tree
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'); // 3
  const kids: number[] = [];
  for (const lines of pages) {
    const text = lines.map((line, index) => `BT /F1 12 Tf 72 ${720 - index * 16} Td (${escape(line)}) Tj ET`).join('\n');
    add(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
    const content = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`);
    kids.push(objects.length);
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  if (title) add(`<< /Title (${escape(title)}) >>`);
  const info = title ? ` /Info ${objects.length} 0 R` : '';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
