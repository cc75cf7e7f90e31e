import { describe, expect, it } from 'vitest';
import { readManualSource, shippedManualsDirectory } from '../../../main/corpora/manuals/manual-files.js';
import { summaryCandidates } from '../../../main/corpora/manuals/manual-summary.js';
import { manualBodyText, readManualBody } from '../../../main/corpora/manuals/manual-text.js';
import { manualSections } from '../../../main/corpora/manuals/manual-tree.js';

describe("a manual's tables read as text", () => {
  it('reads an HTML table as one line per row, "header: value; header: value", entities decoded', () => {
    const body = [
      'Rates by zone:',
      '',
      '<table style="width:100%">',
      '  <tr><th>Zone</th><th>Rate &amp; cap</th></tr>',
      '  <tr><td>North</td><td>12 &lt; 15</td></tr>',
      '  <tr><td>South</td><td></td></tr>',
      '</table>',
      '',
      'After the table.',
    ].join('\n');
    expect(manualBodyText(body)).toBe(['Rates by zone:', '', 'Zone: North; Rate & cap: 12 < 15.', 'Zone: South.', '', 'After the table.'].join('\n'));
  });

  it('keeps a boxed definition (a row of one filled cell) as prose whose sentences are whole and carry no tag', () => {
    const body = [
      '<table>',
      '  <tr>',
      '    <td></td>',
      '    <td>A look-up secret is a record of secrets. The claimant looks up the secret a prompt asks for.',
      '',
      '- The verifier may ask for a subset of the strings.</td>',
      '  </tr>',
      '  </table>',
    ].join('\n');
    const text = manualBodyText(body);
    expect(text).not.toMatch(/<\/?t[dr]|<\/?table/);
    expect(summaryCandidates(text)).toEqual(['A look-up secret is a record of secrets.', 'The claimant looks up the secret a prompt asks for.', 'The verifier may ask for a subset of the strings.']);
  });

  it('reads a Markdown pipe table the same way, without emphasis marks or escapes, and leaves code fences alone', () => {
    const body = [
      '|  | Tock | HRLinks |',
      '|--|------|---------|',
      '| **Cadence** | Weekly | Bi-weekly |',
      '| \\>/=7 | *NA* | 30% |',
      '',
      '```',
      '| a | b |',
      '|---|---|',
      '<table><tr><td>x</td></tr></table>',
      '```',
    ].join('\n');
    expect(manualBodyText(body).split('\n')).toEqual([
      'Cadence; Tock: Weekly; HRLinks: Bi-weekly.',
      '>/=7; Tock: NA; HRLinks: 30%.',
      '',
      '```',
      '| a | b |',
      '|---|---|',
      '<table><tr><td>x</td></tr></table>',
      '```',
    ]);
  });

  it("names the tables' data rows, which a summary leaves out, while a boxed definition stays a candidate", () => {
    const body = [
      'A flexible schedule lets each day be longer or shorter than eight hours.',
      '',
      '|**Day** |**Hours** |',
      '| ------ | ---------|',
      '| Monday | 10 |',
      '| Tuesday and every other weekday | 9 |',
      '',
      '<table><tr><td></td><td>A maxiflex schedule lets the core hours move from day to day.</td></tr></table>',
    ].join('\n');
    const read = readManualBody(body);
    expect(read.tableRows).toEqual(['Day: Monday; Hours: 10.', 'Day: Tuesday and every other weekday; Hours: 9.']);
    expect(summaryCandidates(read.text)).toContain('Day: Tuesday and every other weekday; Hours: 9.');
    expect(summaryCandidates(read.text, read.tableRows)).toEqual([
      'A flexible schedule lets each day be longer or shorter than eight hours.',
      'A maxiflex schedule lets the core hours move from day to day.',
    ]);
  });

  it('leaves no table markup in the shipped manuals, and keeps every section of their trees', async () => {
    const { manuals } = await readManualSource(shippedManualsDirectory());
    for (const manual of manuals) {
      const text = manualBodyText(manual.body);
      expect(text).not.toMatch(/<\/?(?:table|tr|td|th)\b/i);
      expect(text.split('\n').filter((line) => /^\s*\|.*\|\s*$/.test(line))).toEqual([]);
      const keys = (body: string) => manualSections(manual.id, manual.title, body).map((section) => section.itemKey);
      expect(keys(text)).toEqual(keys(manual.body));
    }
  });
});
