import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { seedShippedData } from '../../../main/app/seed.js';
import type { Reranker } from '../../../main/reranking/reranker.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { readManualFile } from '../../../main/corpora/manuals/manual-files.js';
import { manualContentHash } from '../../../main/corpora/manuals/manuals-ingest.js';
import { loadTokenCounter } from '../../../main/corpora/kb/token-counter.js';
import { defaultModelDir } from '../../../main/paths.js';
import { minimalPdf } from '../../helpers/pdf.js';

const tempDir = useTempDirs();
const openServices = useServices();

const front = (title: string) => `---\ntitle: ${title}\nsource_name: Test publisher\nsource_url: https://example.org/${title.toLowerCase().replace(/\s+/g, '-')}\n---\n\n`;

/** Two small manuals whose sections each speak of one topic in words of their own. */
function manualsFolder(): string {
  const folder = join(tempDir(), 'manuals');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'garden-guide.md'),
    front('Garden guide') +
      '## Watering\n\nTomatoes need deep watering twice a week in summer. Water the soil, not the leaves, to avoid blight. Morning watering lets leaves dry before night. Mulch keeps moisture in the soil longer.\n\n' +
      '## Pruning\n\n### Roses\n\nPrune roses in late winter above an outward-facing bud. Remove dead canes at the base. Cut crossing canes that rub each other. Seal large cuts only on old wood.\n\n' +
      '### Fruit trees\n\nApple trees are pruned when dormant to open the canopy. Remove water sprouts growing straight up. Thin fruit clusters to one apple per spur. Never remove more than a quarter of the canopy in one year.\n',
  );
  writeFileSync(
    join(folder, 'bike-manual.md'),
    front('Bike manual') +
      '## Brakes\n\nSqueeze the brake lever to check cable tension before every ride. Replace brake pads when the grooves are worn flat. Disc rotors must never touch oil. Adjust the barrel until the lever stops short of the bar.\n\n' +
      '## Chain\n\nLubricate the chain every two hundred kilometres with a drop per link. Wipe off extra lubricant so dirt does not stick. A stretched chain wears the cassette quickly. Measure chain stretch with a checker tool.\n',
  );
  return folder;
}

async function servicesWithManuals(
  embedder = createWordHashEmbedder() as ReturnType<typeof createWordHashEmbedder> | null,
  reranker: Reranker | null = null,
): Promise<{ services: Services; folder: string }> {
  const services = await openServices({ dataDir: tempDir(), embedder, reranker });
  const folder = manualsFolder();
  await ingestCorpus(services, services.module('manuals') as NonNullable<ReturnType<Services['module']>>, { from: folder });
  return { services, folder };
}

async function search(services: Services, input: Record<string, unknown>): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'manuals', ...input }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as SearchOutput;
}

const sectionsOf = (services: Services) =>
  services.db.prepare('SELECT item_key, parent_index, summary, summary_by FROM manual_sections ORDER BY manual_id, section_index').all() as Array<{
    item_key: string;
    parent_index: number | null;
    summary: string;
    summary_by: string;
  }>;

describe('manuals corpus', () => {
  it("stores each manual as a tree whose summaries are the sections' own sentences, chosen by the embedder", async () => {
    const { services } = await servicesWithManuals();
    const sections = sectionsOf(services);
    expect(sections.map((section) => section.item_key)).toEqual([
      'bike-manual#Brakes',
      'bike-manual#Chain',
      'garden-guide#Watering',
      'garden-guide#Pruning',
      'garden-guide#Roses',
      'garden-guide#Fruit trees',
    ]);
    expect(sections.find((section) => section.item_key === 'garden-guide#Roses')?.parent_index).toBe(1);
    const roses = sections.find((section) => section.item_key === 'garden-guide#Roses');
    expect(roses?.summary_by).toBe(createWordHashEmbedder().id);
    const source = 'Prune roses in late winter above an outward-facing bud. Remove dead canes at the base. Cut crossing canes that rub each other. Seal large cuts only on old wood.';
    const chosen = roses?.summary.split(/(?<=\.)\s+/) ?? [];
    expect(chosen).toHaveLength(3);
    for (const sentence of chosen) expect(source).toContain(sentence);
    expect(sections.find((section) => section.item_key === 'garden-guide#Pruning')?.summary).toBe('');
  });

  it('skips unchanged manuals on the next ingest and removes a manual gone from the folder, vectors included', async () => {
    const { services, folder } = await servicesWithManuals();
    const module = services.module('manuals') as NonNullable<ReturnType<Services['module']>>;
    const again = await ingestCorpus(services, module, { from: folder });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2, removed: 0 });
    rmSync(join(folder, 'bike-manual.md'));
    const after = await ingestCorpus(services, module, { from: folder });
    expect(after).toMatchObject({ unchanged: 1, removed: 1 });
    expect(sectionsOf(services).every((section) => section.item_key.startsWith('garden-guide#'))).toBe(true);
    expect(module.retriever?.counts()).toMatchObject({ rows: 3, vectors: 3, missing: 0 });
    const output = await search(services, { query: 'brake pads', strategy: 'keyword' });
    expect(output.hits).toEqual([]);
  });

  it("keeps the user's manuals when the shipped ones are loaded again, and the shipped ones when the user's folder is", async () => {
    const { services, folder } = await servicesWithManuals();
    const module = services.module('manuals') as NonNullable<ReturnType<Services['module']>>;
    const shipped = await ingestCorpus(services, module, {});
    expect(shipped.inserted).toBeGreaterThan(0);
    expect(shipped.removed).toBe(0);
    const origins = () => services.db.prepare('SELECT origin, count(*) AS n FROM manuals GROUP BY origin ORDER BY origin').all();
    expect(origins()).toEqual([
      { origin: 'shipped', n: shipped.inserted },
      { origin: 'user', n: 2 },
    ]);
    rmSync(join(folder, 'bike-manual.md'));
    expect(await ingestCorpus(services, module, { from: folder })).toMatchObject({ removed: 1, unchanged: 1 });
    expect(await ingestCorpus(services, module, {})).toMatchObject({ removed: 0, inserted: 0 });
    expect(origins()).toEqual([
      { origin: 'shipped', n: shipped.inserted },
      { origin: 'user', n: 1 },
    ]);
  });

  it("reads a manual's HTML table as rows of text, and rebuilds a manual stored under the older reading", async () => {
    const { services, folder } = await servicesWithManuals();
    const module = services.module('manuals') as NonNullable<ReturnType<Services['module']>>;
    const file = join(folder, 'seed-catalogue.md');
    writeFileSync(
      file,
      front('Seed catalogue') +
        '## Germination\n\nSeeds sprout at different soil temperatures, listed here.\n\n<table>\n<tr><th>Crop</th><th>Soil temperature</th></tr>\n<tr><td>Squash</td><td>21 °C</td></tr>\n<tr><td>Lettuce</td><td>7 °C</td></tr>\n</table>\n',
    );
    await ingestCorpus(services, module, { from: folder });
    const passages = () => services.db.prepare("SELECT passage, embed_text FROM manual_passages WHERE manual_id = 'seed-catalogue'").all() as Array<{ passage: string; embed_text: string }>;
    expect(passages().map((row) => row.passage)).toEqual([
      'Seeds sprout at different soil temperatures, listed here.\n\nCrop: Squash; Soil temperature: 21 °C.\nCrop: Lettuce; Soil temperature: 7 °C.',
    ]);
    // The summary is the section's prose: a data row says little about its section on its own.
    expect(sectionsOf(services).find((section) => section.item_key === 'seed-catalogue#Germination')?.summary).toBe('Seeds sprout at different soil temperatures, listed here.');
    const found = await search(services, { query: 'squash', strategy: 'keyword' });
    expect(found.hits[0]?.manual?.passage).toContain('Crop: Squash');
    // A store written before tables were read as rows holds another content hash: the next ingest must rebuild it.
    const counter = await loadTokenCounter(services.embedding.describe().modelPath ?? defaultModelDir());
    const read = { summaryBy: createWordHashEmbedder().id, counter: counter.name };
    const stored = () => services.db.prepare("SELECT content_hash FROM manuals WHERE id = 'seed-catalogue'").pluck().get() as string;
    expect(stored()).toBe(manualContentHash(await readManualFile(file), read));
    services.db.prepare("UPDATE manuals SET content_hash = ? WHERE id = 'seed-catalogue'").run(manualContentHash(await readManualFile(file), { ...read, textMethod: 'markup-as-written' }));
    expect(await ingestCorpus(services, module, { from: folder })).toMatchObject({ updated: 1, unchanged: 2 });
    expect(stored()).toBe(manualContentHash(await readManualFile(file), read));
  });

  it('finds a passage flat, with its manual, section path and citation', async () => {
    const { services } = await servicesWithManuals();
    const output = await search(services, { query: 'when should I prune roses', k: 3 });
    expect(output.corpus).toBe('manuals');
    expect(output.hits[0]?.manual).toMatchObject({ manual_id: 'garden-guide', section_key: 'garden-guide#Roses', path: ['Pruning', 'Roses'], source_url: 'https://example.org/garden-guide' });
  });

  it('descends the tree: only passages under the best sections come back', async () => {
    const { services } = await servicesWithManuals();
    const output = await search(services, { query: 'chain lubricant every two hundred kilometres', tree_branches: 1, k: 10 });
    expect(output.hits.length).toBeGreaterThan(0);
    expect(new Set(output.hits.map((hit) => hit.manual?.section_key))).toEqual(new Set(['bike-manual#Chain']));
    const tree = await services.module('manuals')?.evaluation?.tree?.search({ corpus: 'manuals', query: 'apple trees dormant canopy', k: 10, profile: 'default' }, 2);
    expect(tree?.branches).toHaveLength(2);
    expect(tree?.branches[0]).toBe('garden-guide#Fruit trees');
    for (const hit of tree?.output.hits ?? []) expect(tree?.branches).toContain(hit.manual?.section_key);
  });

  it('summarises with the first sentences in keyword-only mode, and says so', async () => {
    const { services } = await servicesWithManuals(null);
    const watering = sectionsOf(services).find((section) => section.item_key === 'garden-guide#Watering');
    expect(watering).toMatchObject({
      summary_by: 'lead',
      summary: 'Tomatoes need deep watering twice a week in summer. Water the soil, not the leaves, to avoid blight. Morning watering lets leaves dry before night.',
    });
    const output = await search(services, { query: 'watering tomatoes', tree_branches: 2 });
    expect(output.hits[0]?.manual?.section_key).toBe('garden-guide#Watering');
  });

  it('refuses an English question no passage answers by the cross-encoder, judges no Spanish one, and only when asked', async () => {
    // A stand-in cross-encoder: a passage scores by how many of the question's longer words it holds, minus one.
    const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{5,}/g) ?? []);
    const reranker: Reranker = {
      id: 'test:overlap',
      score: (query, passages) => Promise.resolve(passages.map((passage) => [...words(query)].filter((word) => words(passage).has(word)).length - 1)),
    };
    const { services } = await servicesWithManuals(createWordHashEmbedder(), reranker);
    const answered = await search(services, { query: 'How often should the chain get lubricant?' });
    expect(answered.refused).toBe(false);
    expect(answered.reranker).toBe('test:overlap');
    const unanswered = await search(services, { query: 'What is the capital of Australia?' });
    expect(unanswered.hits.length).toBeGreaterThan(0);
    expect(unanswered.refused).toBe(true);
    expect(unanswered.notices.find((notice) => notice.code === 'not_answerable')?.message).toMatch(/No passage of the manuals reads as answering/);
    // The tree search is judged the same way.
    expect((await search(services, { query: 'What is the capital of Australia?', tree_branches: 2 })).refused).toBe(true);
    const spanish = await search(services, { query: '¿Cuál es la capital de Australia?' });
    expect(spanish.refused).toBe(false);
    expect(spanish.notices.map((notice) => notice.code)).toContain('relevance_unchecked');
    expect((await search(services, { query: 'What is the capital of Australia?', rerank: false })).refused).toBe(false);
  });

  it('reads a manual from HTML, PDF or plain text as the KB reads documents: headings or pages make its sections', async () => {
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null });
    const folder = join(tempDir(), 'documents');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'Pump Manual.html'),
      '<html><head><title>Irrigation pump manual</title></head><body><nav>Home</nav><h1>Irrigation pump</h1><h2>Priming¶</h2><p>Fill the pump housing with water before the first start.</p><h2>Winter storage</h2><p>Drain the pump and store it where it cannot freeze.</p>\n<table><tr><th>Part</th><th>Torque</th></tr><tr><td>Drain plug</td><td>12 Nm</td></tr></table>\n</body></html>',
    );
    writeFileSync(
      join(folder, 'tractor.pdf'),
      minimalPdf(
        [
          ['Daily checks', 'Check the engine oil level every morning.'],
          ['# Generated by the service tool', 'Tyre pressure is checked weekly.'],
        ],
        'Tractor handbook',
      ),
    );
    writeFileSync(join(folder, 'greenhouse-notes.txt'), 'Open the vents when the greenhouse passes 27 degrees.\n');
    writeFileSync(join(folder, 'README.md'), '# Not a manual\n');
    const module = services.module('manuals') as NonNullable<ReturnType<Services['module']>>;
    expect(await ingestCorpus(services, module, { from: folder })).toMatchObject({ inserted: 3 });
    const list = await services.dispatcher.call('manuals.list', {}, { transport: 'cli', role: 'viewer' });
    if (!list.ok) throw new Error(list.error.message);
    expect(
      (list.value as Array<{ id: string; title: string; source_name: string; source_url: string }>).map(({ id, title, source_name, source_url }) => ({ id, title, source_name, source_url })),
    ).toEqual([
      { id: 'greenhouse-notes', title: 'greenhouse notes', source_name: 'greenhouse-notes.txt', source_url: '' },
      { id: 'pump-manual', title: 'Irrigation pump manual', source_name: 'Pump Manual.html', source_url: '' },
      { id: 'tractor', title: 'Tractor handbook', source_name: 'tractor.pdf', source_url: '' },
    ]);
    expect(sectionsOf(services).map((section) => section.item_key)).toEqual([
      'greenhouse-notes#greenhouse notes',
      'pump-manual#Priming',
      'pump-manual#Winter storage',
      'tractor#Page 1',
      'tractor#Page 2',
    ]);
    const found = await search(services, { query: 'drain freeze', strategy: 'keyword' });
    expect(found.hits[0]?.manual).toMatchObject({ manual_id: 'pump-manual', path: ['Winter storage'] });
    // A table reads as rows of "header: value", as in a Markdown manual.
    expect(found.hits[0]?.manual?.passage).toContain('Part: Drain plug; Torque: 12 Nm.');
    const tyres = await search(services, { query: 'tyre pressure', strategy: 'keyword' });
    expect(tyres.hits[0]?.manual).toMatchObject({ manual_id: 'tractor', path: ['Page 2'] });
  });

  it('refuses a folder with an unreadable manual before writing anything, naming the file', async () => {
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null });
    const folder = join(tempDir(), 'documents');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'good.txt'), 'A readable manual.\n');
    writeFileSync(join(folder, 'broken.pdf'), Buffer.from('%PDF-1.4\nthis is not a pdf body\n'));
    const module = services.module('manuals') as NonNullable<ReturnType<Services['module']>>;
    await expect(ingestCorpus(services, module, { from: folder })).rejects.toThrow(/broken\.pdf: is not a readable PDF/);
    expect(services.db.prepare('SELECT count(*) FROM manuals').pluck().get()).toBe(0);
    writeFileSync(join(folder, 'broken.pdf'), minimalPdf([[]]));
    await expect(ingestCorpus(services, module, { from: folder })).rejects.toThrow(/broken\.pdf: has no text layer/);
    rmSync(join(folder, 'broken.pdf'));
    writeFileSync(join(folder, 'Good.md'), '# Same id as good.txt\n\nText.\n');
    await expect(ingestCorpus(services, module, { from: folder })).rejects.toThrow(/manual id "good" is also/);
  });

  it('is refused a tree search on another corpus', async () => {
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder() });
    const result = await services.dispatcher.call('search', { corpus: 'kb', query: 'warfarin', tree_branches: 2 }, { transport: 'cli', role: 'viewer' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_input');
  });

  it('is not loaded by the seed: the shipped manuals come with cita ingest --corpus manuals', async () => {
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder() });
    const seeded = await seedShippedData(services, { demo: false });
    expect(seeded.ingested.map((counts) => counts.corpus)).not.toContain('manuals');
    expect(services.module('manuals')?.retriever?.counts().rows).toBe(0);
  });
});
