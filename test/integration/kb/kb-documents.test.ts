import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { AppError } from '../../../main/core/errors.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { minimalPdf } from '../../helpers/pdf.js';
import { useTempDirs } from '../../helpers/temp.js';
import { recordingEmbedder } from './kb-fixtures.js';

const tempDir = useTempDirs();
const open: Services[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.close();
});

/** A folder of 20 documents as a user brings them: Markdown with and without front matter, text, HTML and PDF. */
function documentFolder(): string {
  const folder = join(tempDir(), 'guidelines');
  mkdirSync(join(folder, 'renal'), { recursive: true });
  for (let index = 1; index <= 5; index += 1) {
    writeFileSync(join(folder, `note-${index}.md`), `# Ward note ${index}\n\nPatients on dialysis need phosphate binders with meals (note ${index}).\n\n## Follow-up\n\nCheck potassium weekly.\n`);
  }
  writeFileSync(
    join(folder, 'Anticoagulation Guide (2024).md'),
    '---\ntitle: A very long title that goes on and on about anticoagulation in elderly patients with atrial fibrillation and kidney disease, far beyond two hundred characters, because guideline titles sometimes really are that long in practice\nsource_url: https://example.org/anticoagulation\n---\n\nApixaban doses are reduced when two of age, weight and creatinine criteria are met.\n',
  );
  for (let index = 1; index <= 4; index += 1) writeFileSync(join(folder, `plain-${index}.txt`), `Hydration advice ${index}: older adults should drink fluids regularly in heat waves.\n`);
  for (let index = 1; index <= 5; index += 1) {
    writeFileSync(
      join(folder, 'renal', `page-${index}.html`),
      `<html><head><title>Renal dosing ${index}</title><style>p{color:red}</style><script>var x = "gentamicin";</script></head><body><nav>Home</nav><h1>Renal dosing ${index}</h1><p>Metformin is stopped when eGFR falls below 30.</p><h2>Monitoring</h2><p>Recheck eGFR &amp; electrolytes.</p></body></html>`,
    );
  }
  for (let index = 1; index <= 5; index += 1) {
    writeFileSync(join(folder, `leaflet-${index}.pdf`), minimalPdf([[`Inhaler leaflet ${index}`, 'Shake the inhaler and breathe out fully.'], ['Rinse your mouth after steroid inhalers.']], `Inhaler leaflet ${index}`));
  }
  return folder;
}

async function setUp() {
  const embedder = recordingEmbedder();
  const services = await createServices({ dataDir: tempDir(), embedder });
  open.push(services);
  const kb = services.module('kb');
  if (!kb) throw new Error('no kb module');
  return { services, embedder, ingest: (from: string) => ingestCorpus(services, kb, { from }) };
}

async function search(services: Services, query: string): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'kb', query, strategy: 'keyword', k: 50, rerank: false }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as SearchOutput;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('the ingest succeeded');
}

function rows(services: Services): unknown {
  return {
    cards: services.db.prepare('SELECT * FROM kb_cards ORDER BY id').all(),
    chunks: services.db.prepare('SELECT * FROM kb_chunks ORDER BY id').all(),
  };
}

describe('kb ingest of a folder of documents', () => {
  it('ingests 20 mixed Markdown, text, HTML and PDF files with no hand edits, with defaults for what they do not say', async () => {
    const { services, ingest } = await setUp();
    const counts = await ingest(documentFolder());
    expect(counts.inserted).toBeGreaterThanOrEqual(20);
    const cards = services.db.prepare('SELECT id, title, category, source_name, source_url, original_id FROM kb_cards ORDER BY id').all() as Array<Record<string, string | null>>;
    expect(cards).toHaveLength(20);
    expect(cards.every((card) => card.category === 'reference')).toBe(true);
    const byOriginal = new Map(cards.map((card) => [card.original_id, card]));
    expect(byOriginal.get('note-1.md')).toMatchObject({ id: 'note-1', title: 'Ward note 1', source_name: 'note-1.md', source_url: '' });
    expect(byOriginal.get('plain-2.txt')).toMatchObject({ title: 'plain 2' });
    expect(byOriginal.get('renal/page-3.html')).toMatchObject({ title: 'Renal dosing 3', id: expect.stringMatching(/^renal-page-3-[0-9a-f]{8}$/) });
    expect(byOriginal.get('leaflet-4.pdf')).toMatchObject({ title: 'Inhaler leaflet 4' });
    const long = byOriginal.get('Anticoagulation Guide (2024).md');
    expect(long?.id).toMatch(/^anticoagulation-guide-2024-[0-9a-f]{8}$/);
    expect(long?.title?.length).toBeGreaterThan(200);
    expect(long?.source_url).toBe('https://example.org/anticoagulation');

    const html = await search(services, 'metformin eGFR');
    expect(html.hits[0]?.kb?.original_id).toMatch(/^renal\/page-\d\.html$/);
    expect(JSON.stringify(html.hits)).not.toContain('gentamicin');
    const pdf = await search(services, 'rinse mouth steroid inhaler');
    expect(pdf.hits[0]?.kb).toMatchObject({ section: 'Page 2', original_id: expect.stringMatching(/^leaflet-\d\.pdf$/) });
  });

  it('changes nothing when the same folder is ingested again', async () => {
    const { services, ingest } = await setUp();
    const folder = documentFolder();
    const first = await ingest(folder);
    const before = rows(services);
    expect(await ingest(folder)).toMatchObject({ inserted: 0, updated: 0, removed: 0, unchanged: first.inserted, embedded: 0 });
    expect(rows(services)).toEqual(before);
  });

  it('updates and re-embeds only the chunk of the file that changed', async () => {
    const { services, embedder, ingest } = await setUp();
    const folder = documentFolder();
    await ingest(folder);
    const embedded = embedder.documents.length;
    writeFileSync(join(folder, 'note-3.md'), readFileSync(join(folder, 'note-3.md'), 'utf8').replace('Check potassium weekly.', 'Check potassium twice a week.'));
    const counts = await ingest(folder);
    expect(counts).toMatchObject({ inserted: 0, updated: 1, removed: 0, embedded: 1 });
    expect(embedder.documents.slice(embedded)).toEqual([expect.stringContaining('twice a week')]);
    expect((await search(services, 'potassium twice week')).hits[0]?.kb?.original_id).toBe('note-3.md');
  });

  const badFiles: Array<[string, (folder: string) => void, RegExp]> = [
    ['a PDF without a text layer', (folder) => writeFileSync(join(folder, 'scan.pdf'), minimalPdf([[]])), /scan\.pdf: has no text layer/],
    ['a corrupt PDF', (folder) => writeFileSync(join(folder, 'broken.pdf'), Buffer.from('%PDF-1.4\nthis is not a pdf body\n')), /broken\.pdf: is not a readable PDF/],
    [
      'a 50 MB file',
      (folder) => {
        writeFileSync(join(folder, 'huge.txt'), 'x');
        truncateSync(join(folder, 'huge.txt'), 50 * 1024 * 1024);
      },
      /huge\.txt: is 50\.0 MB, more than the 20 MB/,
    ],
    ['two files that give one id', (folder) => writeFileSync(join(folder, 'note-1.txt'), 'Another note.'), /gives the same id "note-1"/],
  ];
  for (const [what, spoil, message] of badFiles) {
    it(`refuses ${what} with a message naming it, and writes nothing`, async () => {
      const { services, ingest } = await setUp();
      const folder = documentFolder();
      await ingest(folder);
      const before = rows(services);
      writeFileSync(join(folder, 'note-2.md'), '# Ward note 2\n\nA good edit that must not land either.\n');
      spoil(folder);
      const error = await failure(ingest(folder));
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/Nothing was changed/);
      expect(rows(services)).toEqual(before);
    });
  }
});

describe("an answer from the user's own documents", () => {
  it('says it quotes your own document and that the check is weaker there; an answer from a shipped card does not', async () => {
    const { services, ingest } = await setUp();
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>, {});
    await ingest(documentFolder());
    // Every answer is quoted whatever its relevance: this is about what an answer says of its source.
    services.settings.update({ kb: { answerability: false, strategy: 'keyword' } });
    const ask = async (question: string) => {
      const result = await services.dispatcher.call('ask', { corpus: 'kb', question }, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      return result.value as AskOutput;
    };
    const own = await ask('phosphate binders with meals on dialysis ward note');
    expect(own.refused).toBe(false);
    expect(own.citations[0]?.card_id).toMatch(/^note-\d$/);
    const notice = own.notices.find((entry) => entry.code === 'own_document');
    expect(notice?.message).toMatch(/^This answer quotes your own documents? \(Ward note \d(?:; Ward note \d)*\)\. .*Read the quote before relying on it\.$/);
    const shipped = await ask('tyramine phenelzine aged cheese');
    expect(shipped.citations[0]?.card_id).toBe('ddi-maoi-tyramine');
    expect(shipped.notices.map((entry) => entry.code)).not.toContain('own_document');
  });
});

describe("a question a document of the user's reads close to but does not answer", () => {
  it('is refused when it asks for a price, a name, a supplier, a number, a count, a reason or a stand-in the document does not give, or turns on an exception it does not speak of', async () => {
    const { services, ingest } = await setUp();
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>, {});
    const folder = join(tempDir(), 'clinic');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'sharps-collection.md'),
      '# Sharps collection in Sala Azul\n\nThe external contractor collects sealed sharps containers from waste cage B-12 on Tuesdays and Fridays before 10:00.\n\n' +
        'Replacement sharps containers are ordered through the practice manager, Colm Derry, on extension 214. When Colm is on leave, the assistant practice manager orders them.\n\n' +
        'Waste cage B-12 holds up to 6 sealed sharps containers. Keep the cage locked, because the containers must never be left where patients can reach them.\n',
    );
    await ingest(folder);
    services.settings.update({ kb: { strategy: 'keyword' } });
    const ask = async (question: string) => {
      const result = await services.dispatcher.call('ask', { corpus: 'kb', question }, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      return result.value as AskOutput;
    };
    const answered = await ask('Which days does the external contractor collect sealed sharps containers from waste cage B-12?');
    expect(answered.refused).toBe(false);
    expect(answered.citations[0]?.card_id).toBe('sharps-collection');
    const named = await ask('Who orders replacement sharps containers for Sala Azul?');
    expect(named.refused).toBe(false);

    const price = await ask('How much does the external contractor charge to collect sealed sharps containers from waste cage B-12?');
    expect(price.refused).toBe(true);
    expect(price.answerability).toMatchObject({ figure: { asked: 'price', found: false } });
    expect(price.answer).toContain('give no price');
    const supplier = await ask('Which supplier sends the replacement sharps containers for Sala Azul?');
    expect(supplier.refused).toBe(true);
    expect(supplier.answerability).toMatchObject({ figure: { asked: 'maker', found: false } });
    const holiday = await ask('When does the external contractor collect sealed sharps containers from waste cage B-12 if Tuesday is a bank holiday?');
    expect(holiday.refused).toBe(true);
    expect(holiday.answerability).toMatchObject({ condition: { asked: ['a public holiday'], found: false } });
    expect(holiday.answer).toContain('The question turns on a public holiday, and no document on this topic speaks of it.');
    const festivo = await ask('¿Cuándo recoge el contratista externo los contenedores de la jaula B-12 si el martes es festivo?');
    expect(festivo.refused).toBe(true);
    expect(festivo.answer).toContain('La pregunta depende de un festivo');

    // A number to ring is read next to what the question is about: the practice manager's extension is no number
    // for the contractor.
    const extension = await ask('What extension do I ring to order replacement sharps containers for Sala Azul?');
    expect(extension.refused).toBe(false);
    expect(extension.answerability).toMatchObject({ figure: { asked: 'phone', found: true } });
    const contractor = await ask("What's the external contractor's phone number for the sharps collections from waste cage B-12?");
    expect(contractor.refused).toBe(true);
    expect(contractor.answerability).toMatchObject({ figure: { asked: 'phone', found: false } });
    expect(contractor.answer).toContain('give no phone number or extension');

    // A day or time is read the same way: the contractor's collection has one, the ordering none.
    const collectionTime = await ask('What time does the external contractor collect the sealed sharps containers from waste cage B-12?');
    expect(collectionTime.refused).toBe(false);
    expect(collectionTime.answerability).toMatchObject({ figure: { asked: 'time', found: true } });
    const orderingDay = await ask('On which day does the practice manager order the replacement sharps containers for Sala Azul?');
    expect(orderingDay.refused).toBe(true);
    expect(orderingDay.answerability).toMatchObject({ figure: { asked: 'time', found: false } });
    expect(orderingDay.answer).toContain('give no day or time for it');

    // How many, and why, are read the same way (own documents, 2026-12-07).
    const howMany = await ask('How many sealed sharps containers does waste cage B-12 hold?');
    expect(howMany.refused).toBe(false);
    expect(howMany.answerability).toMatchObject({ figure: { asked: 'count', found: true } });
    const contractors = await ask('How many external contractors collect the sealed sharps containers from waste cage B-12?');
    expect(contractors.refused).toBe(true);
    expect(contractors.answerability).toMatchObject({ figure: { asked: 'count', found: false } });
    expect(contractors.answer).toContain('do not say how many there are');
    const locked = await ask('Why must waste cage B-12 be kept locked?');
    expect(locked.refused).toBe(false);
    expect(locked.answerability).toMatchObject({ figure: { asked: 'reason', found: true } });
    const beforeTen = await ask('Why does the external contractor collect the sealed sharps containers from waste cage B-12 before 10:00?');
    expect(beforeTen.refused).toBe(true);
    expect(beforeTen.answerability).toMatchObject({ figure: { asked: 'reason', found: false } });
    expect(beforeTen.answer).toContain('do not say why');

    // Who stands in for someone away, likewise (2026-12-07).
    const onLeave = await ask('If Colm Derry is on leave, who orders the replacement sharps containers for Sala Azul?');
    expect(onLeave.refused).toBe(false);
    expect(onLeave.answerability).toMatchObject({ figure: { asked: 'cover', found: true } });
    const offSick = await ask('Who collects the sealed sharps containers from waste cage B-12 if the external contractor is off sick?');
    expect(offSick.refused).toBe(true);
    expect(offSick.answerability).toMatchObject({ figure: { asked: 'cover', found: false } });
    expect(offSick.answer).toContain('do not say who stands in');
  });
});

describe('kb ingest of a BEIR corpus.jsonl', () => {
  function corpus(lines: readonly string[]): string {
    const file = join(tempDir(), 'corpus.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }
  const documents = [
    JSON.stringify({ _id: '4983', title: 'Microstructural development of human newborn cerebral white matter', text: 'Alterations of the architecture of cerebral white matter in the developing human brain can affect cortical development.' }),
    JSON.stringify({ _id: 'Doc 7/B', title: '', text: 'Vitamin D supplementation did not reduce fractures in older adults.' }),
    JSON.stringify({ _id: 12, title: 'Statins', text: 'Statins lower LDL cholesterol.' }),
  ];

  it('keeps ids that are KB ids, derives the others and returns the original in hits; a second run changes nothing', async () => {
    const { services, ingest } = await setUp();
    const file = corpus(documents);
    expect(await ingest(file)).toMatchObject({ inserted: 3, removed: 0 });
    const hit = (await search(services, 'vitamin D fractures')).hits[0];
    expect(hit?.id).toMatch(/^doc-7-b-[0-9a-f]{8}$/);
    expect(hit?.kb?.original_id).toBe('Doc 7/B');
    expect(hit?.title).toBe('Vitamin D supplementation did not reduce fractures in older adults.');
    const statins = (await search(services, 'LDL cholesterol')).hits[0];
    expect(statins?.id).toBe('12');
    expect(statins?.kb?.original_id).toBeUndefined();
    expect(await ingest(file)).toMatchObject({ inserted: 0, updated: 0, removed: 0, unchanged: 3 });
  });

  const badLines: Array<[string, string, RegExp]> = [
    ['a line that is not JSON', '{"_id": "9", "text": ', /corpus\.jsonl line 4: is not JSON/],
    ['a repeated _id', JSON.stringify({ _id: '4983', title: 'Again', text: 'Twice.' }), /corpus\.jsonl line 4: repeats _id "4983" \(first on line 1\)/],
    ['a line without text', JSON.stringify({ _id: '77', title: 'No text' }), /corpus\.jsonl line 4: is not a BEIR document/],
  ];
  for (const [what, line, message] of badLines) {
    it(`refuses ${what}, naming the line, and writes nothing`, async () => {
      const { services, ingest } = await setUp();
      await ingest(corpus(documents));
      const before = rows(services);
      const error = await failure(ingest(corpus([...documents, line])));
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/Nothing was changed/);
      expect(rows(services)).toEqual(before);
    });
  }
});
