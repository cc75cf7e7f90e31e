import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../helpers/cli.js';

/** 0 → "a", 25 → "z", 26 → "ba": source ids may hold only lower-case letters and "_". */
function lettersOf(index: number): string {
  let text = '';
  let rest = index;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/** A catalog JSON in the shipped format with `sources` sources and `fieldsPerSource` fields each, some with notes. */
export function writeCatalogJson(file: string, options: { sources: number; fieldsPerSource: number }): { fields: number } {
  const shipped = JSON.parse(readFileSync(join(repositoryRoot, 'kb', 'catalog', 'banking.json'), 'utf8')) as {
    fields: Array<{ tribal_notes?: unknown[] }>;
  };
  const notes = shipped.fields.flatMap((field) => field.tribal_notes ?? []);
  const sources = Array.from({ length: options.sources }, (_, index) => ({
    id: `fuente_${lettersOf(index)}`,
    name: `Fuente generada ${index + 1}`,
    system: `SYS_${index + 1}`,
    owner: 'Gerencia de Pruebas',
    description: `Fuente sintética número ${index + 1} para pruebas de caída.`,
  }));
  const fields = sources.flatMap((source, sourceIndex) =>
    Array.from({ length: options.fieldsPerSource }, (_, index) => ({
      source: source.id,
      physical_name: `GEN_${sourceIndex + 1}_CAMPO_${index + 1}`,
      business_name: `Campo generado ${sourceIndex + 1}.${index + 1} de saldo ${['vencido', 'vigente', 'castigado', 'refinanciado'][index % 4]}`,
      definition: `Definición sintética del campo ${index + 1} de la fuente ${sourceIndex + 1}: monto en moneda nacional usado para reportes de prueba.`,
      data_type: 'DECIMAL(18,2)',
      tribal_notes: index % 7 === 0 && notes.length > 0 ? [notes[(sourceIndex * 31 + index) % notes.length]] : [],
    })),
  );
  writeFileSync(file, JSON.stringify({ version: 1, description: 'generated for crash tests', sources, fields }));
  return { fields: fields.length };
}

/** A cards directory: every shipped card repeated `copies` times under new ids, each copy with its own text. */
export function writeCardsDirectory(directory: string, copies: number): { cards: number } {
  mkdirSync(directory, { recursive: true });
  const shippedDirectory = join(repositoryRoot, 'kb', 'clinical');
  const shipped = readdirSync(shippedDirectory).filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md');
  let cards = 0;
  for (const name of shipped) {
    const id = name.replace(/\.md$/, '');
    const text = readFileSync(join(shippedDirectory, name), 'utf8');
    for (let copy = 1; copy <= copies; copy += 1) {
      const copyId = `${id}-copy${copy}`;
      const body = text
        .replace(/^id: .*$/m, `id: ${copyId}`)
        .replace(/^title: (.*)$/m, `title: $1 (copy ${copy})`)
        .replace(/\n## ([^\n]+)\n/, `\n## $1\n\nCopy ${copy} of this card, written for a crash test.\n`);
      writeFileSync(join(directory, `${copyId}.md`), body);
      cards += 1;
    }
  }
  return { cards };
}

/** A diary CSV in `cita diary import`'s format: `rows` entries over the given food codes. */
export function writeDiaryCsv(file: string, options: { rows: number; foodCodes: readonly string[] }): void {
  const meals = ['breakfast', 'lunch', 'dinner', 'snack'];
  const lines = ['date,meal,food_code,grams'];
  for (let index = 0; index < options.rows; index += 1) {
    const day = new Date(Date.UTC(2024, 0, 1) + (index % 500) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},${meals[index % 4]},${options.foodCodes[index % options.foodCodes.length]},${(10 + (index % 490)).toFixed(1)}`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}
