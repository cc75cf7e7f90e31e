import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCatalogCsv, readCsvRows } from '../../../main/corpora/catalog/catalog-csv.js';
import { validateCatalog, type CatalogDocument } from '../../../main/corpora/catalog/catalog-document.js';
import { shippedCatalogPath } from '../../../main/corpora/catalog/catalog-files.js';
import { jsonErrorOffset, readCatalogJson } from '../../../main/corpora/catalog/catalog-json.js';

function fromJson(value: unknown): { document?: CatalogDocument; errors: string[] } {
  const errors: string[] = [];
  const raw = readCatalogJson(typeof value === 'string' ? value : JSON.stringify(value), errors);
  const validated = validateCatalog(raw, errors);
  return validated.ok ? { document: validated.value, errors: [] } : { errors: validated.errors };
}

function fromCsv(files: { fields: string; notes: string; sources?: string }): { document?: CatalogDocument; errors: string[] } {
  const errors: string[] = [];
  const validated = validateCatalog(readCatalogCsv(files, errors), errors);
  return validated.ok ? { document: validated.value, errors: [] } : { errors: validated.errors };
}

const source = { id: 'creditos', name: 'Cartera de créditos', system: 'CORE', owner: 'Riesgo', description: 'Préstamos.' };
function field(overrides: Record<string, unknown> = {}) {
  return { source: 'creditos', physical_name: 'CRT_DIAS_MORA', business_name: 'Días de atraso', definition: 'Días impagos.', data_type: 'INTEGER', ...overrides };
}
function catalog(fields: unknown[], sources: unknown[] = [source]) {
  return { version: 1, sources, fields };
}

const fieldsHeader = 'source,physical_name,business_name,definition,data_type\n';
const notesHeader = 'source,physical_name,note,condition_json\n';

describe('the shipped seed (kb/catalog/banking.json)', () => {
  it('reads as 9 sources, 216 fields and 79 tribal notes, every condition valid', () => {
    const { document, errors } = fromJson(readFileSync(shippedCatalogPath(), 'utf8'));
    expect(errors).toEqual([]);
    expect(document?.sources).toHaveLength(9);
    expect(document?.fields).toHaveLength(216);
    expect(document?.fields.reduce((sum, entry) => sum + entry.notes.length, 0)).toBe(79);
  });
});

describe('the JSON format', () => {
  it('treats a missing tribal_notes as no notes and trims values', () => {
    const { document } = fromJson(catalog([field({ business_name: '  Días de atraso ' })]));
    expect(document?.fields[0]).toMatchObject({ businessName: 'Días de atraso', notes: [] });
  });

  it('rejects a version it does not know', () => {
    expect(fromJson({ ...catalog([field()]), version: 2 }).errors).toEqual(['version: this loader knows version 1, not 2']);
  });

  it('names the JSON path of a malformed condition', () => {
    const { errors } = fromJson(
      catalog([
        field(),
        field({
          physical_name: 'CRT_X',
          tribal_notes: [
            { note: 'n', condition: { always: true } },
            { note: 'n', condition: { anyy: ['x'] } },
          ],
        }),
      ]),
    );
    expect(errors).toEqual(['fields[1].tribal_notes[1].condition: unknown condition "anyy" (expected one of always, any, all, lang, and, or, not)']);
  });

  it('names both places of a duplicate (source, physical_name)', () => {
    expect(fromJson(catalog([field(), field({ business_name: 'Otro' })])).errors).toEqual(['fields[1]: duplicate field (creditos, CRT_DIAS_MORA), first defined at fields[0]']);
  });

  it('names an unknown source and the known ones', () => {
    expect(fromJson(catalog([field({ source: 'credito' })])).errors).toEqual(['fields[0].source: unknown source "credito" (known: creditos)']);
  });

  it('names missing and empty required values, a note without a condition, and a bad source id, all at once', () => {
    const { errors } = fromJson(
      catalog([field({ business_name: undefined, data_type: ' ', tribal_notes: [{ note: 'sin condición' }] })], [source, { ...source, id: 'Riesgo-Mercado', name: 'Riesgo de mercado' }]),
    );
    expect(errors).toEqual([
      'sources[1].id: "Riesgo-Mercado" is not a source id (lower-case letters a-z and "_" only)',
      'fields[0].business_name: missing (it is required)',
      'fields[0].data_type: must not be empty',
      'fields[0].tribal_notes[0].condition: a condition must be an object with one key (always, any, all, lang, and, or, not), not nothing (the key is missing)',
    ]);
  });

  it('gives the line and column of a JSON syntax error', () => {
    const text = '{\n  "version": 1,\n  "sources": [\n  }\n}';
    expect(fromJson(text).errors).toEqual(["not valid JSON (line 4, column 3: Unexpected token '}')"]);
  });

  it('finds the offset of every kind of JSON.parse message it may meet', () => {
    for (const text of ['{"a": 1,}', '{"a" 1}', '{"version": 1, "sources": [\n\n   }, "fields": []}', '{"a": "x', '{"a": [}']) {
      let message = '';
      try {
        JSON.parse(text);
      } catch (error) {
        message = (error as Error).message;
      }
      const offset = jsonErrorOffset(message, text);
      expect(offset, message).toBeTypeOf('number');
      expect(offset).toBeLessThanOrEqual(text.length);
    }
  });
});

describe('the CSV format', () => {
  it('loads the same content as JSON: header by name, extra columns ignored, BOM and quoting handled', () => {
    const { document, errors } = fromCsv({
      fields:
        '\uFEFFdata_type,extra,source,physical_name,business_name,definition\r\nINTEGER,x,creditos,CRT_DIAS_MORA,Días de atraso,"Días impagos, desde el ""vencimiento"".\r\nCero si está al día."\r\n',
      notes: `${notesHeader}creditos,CRT_DIAS_MORA,"Al reprogramar vuelve a cero.","{""any"": [""reprogramado"", ""refinanciado""]}"\n`,
      sources: 'id,name,system,owner,description\ncreditos,Cartera de créditos,CORE,Riesgo,Préstamos.\n',
    });
    expect(errors).toEqual([]);
    expect(document?.fields[0]).toMatchObject({
      source: 'creditos',
      physicalName: 'CRT_DIAS_MORA',
      definition: 'Días impagos, desde el "vencimiento".\nCero si está al día.',
      notes: [{ note: 'Al reprogramar vuelve a cero.', conditionJson: '{"any":["reprogramado","refinanciado"]}' }],
    });
  });

  it('makes each source of fields.csv a source named by its id when sources.csv is missing', () => {
    const { document } = fromCsv({ fields: `${fieldsHeader}ventas,VTA_MONTO,Monto,Importe.,DECIMAL(18,2)\n`, notes: notesHeader });
    expect(document?.sources).toEqual([{ id: 'ventas', name: 'ventas', system: '', dataOwner: '', description: '' }]);
  });

  it('reports missing columns on line 1', () => {
    expect(fromCsv({ fields: 'source,physical_name,business_name,definition\ncreditos,X,Y,Z\n', notes: notesHeader }).errors).toEqual([
      'fields.csv line 1: missing column data_type (the header is: source,physical_name,business_name,definition)',
    ]);
  });

  it('counts lines as a person does: quoted line breaks and blank lines included', () => {
    const rows = readCsvRows('fields.csv', `${fieldsHeader}a,B,"one\ntwo",d,t\n\n\na,C,x,,t\n`, []);
    expect(rows.map((row) => row.line)).toEqual([2, 6]);
    expect(fromCsv({ fields: `${fieldsHeader}creditos,B,"one\ntwo",d,t\n\n\ncreditos,C,x,,t\n`, notes: notesHeader, sources: 'id,name,system,owner,description\ncreditos,C,,,\n' }).errors).toEqual([
      'fields.csv line 6, column definition: must not be empty',
    ]);
  });

  it('names the line of a duplicate key, an orphan note, bad JSON and a malformed condition', () => {
    const { errors } = fromCsv({
      fields: `${fieldsHeader}ventas,VTA_MONTO,Monto,Importe.,DECIMAL\nventas,VTA_MONTO,Monto bis,Importe.,DECIMAL\n`,
      notes: `${notesHeader}ventas,VTA_OTRO,Nota,"{""always"": true}"\nventas,VTA_MONTO,Nota,"{any: 1}"\nventas,VTA_MONTO,Nota,"{""all"": []}"\n`,
    });
    expect(errors).toHaveLength(4);
    expect(errors).toEqual(
      expect.arrayContaining([
        'notes.csv line 2: no row of fields.csv has source "ventas" and physical_name "VTA_OTRO" (a note must belong to a field)',
        expect.stringMatching(/^notes\.csv line 3, column condition_json: not valid JSON/),
        'fields.csv line 3: duplicate field (ventas, VTA_MONTO), first defined at fields.csv line 2',
        'notes.csv line 4, column condition_json.all: expected a non-empty list of terms, not an empty list',
      ]),
    );
  });

  it('requires every source of fields.csv in sources.csv when that file is given', () => {
    expect(fromCsv({ fields: `${fieldsHeader}ventas,VTA_MONTO,Monto,Importe.,DECIMAL\n`, notes: notesHeader, sources: 'id,name,system,owner,description\ncreditos,C,,,\n' }).errors).toEqual([
      'fields.csv line 2, column source: unknown source "ventas" (known: creditos)',
    ]);
  });

  it('reports an unclosed quote as a CSV error with its line', () => {
    expect(fromCsv({ fields: `${fieldsHeader}ventas,VTA,"Monto,Importe.,DECIMAL\n`, notes: notesHeader }).errors[0]).toMatch(/^fields\.csv line \d+: not valid CSV/);
  });
});
