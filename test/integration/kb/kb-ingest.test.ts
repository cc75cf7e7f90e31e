import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { AppError } from '../../../main/core/errors.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { useTempDirs } from '../../helpers/temp.js';
import { copyCards, recordingEmbedder, shippedCardFiles, shippedCardsDir } from './kb-fixtures.js';

const tempDir = useTempDirs();
const cardIds = ['adh-cost', 'ddi-maoi-tyramine', 'ddi-warfarin-nsaids', 'esc-hypoglycemia', 'mi-oars'];
const open: Services[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.close();
});

/** Sections of a card file: every section of a shipped card fits the window, so each is one chunk. */
function sectionsOf(file: string): number {
  return readFileSync(file, 'utf8').split('\n').filter((line) => line.startsWith('## ')).length;
}

async function setUp(ids: readonly string[] = cardIds) {
  const cards = copyCards(join(tempDir(), 'cards'), ids);
  const embedder = recordingEmbedder();
  const services = await createServices({ dataDir: tempDir(), embedder });
  open.push(services);
  const kb = services.module('kb');
  if (!kb) throw new Error('no kb module');
  const ingest = () => ingestCorpus(services, kb, { from: cards });
  const chunkTotal = ids.reduce((sum, id) => sum + sectionsOf(join(cards, `${id}.md`)), 0);
  return { services, cards, embedder, ingest, chunkTotal };
}

function edit(file: string, change: (text: string) => string): void {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit changed nothing in ${file}`);
  writeFileSync(file, after);
}

/** Everything ingest may change: card rows, chunk rows and the vectors of every kb space. */
function snapshot(services: Services): unknown {
  const vectors = services.vectors.spacesOf('kb').map((space) => services.db.prepare(`SELECT item_id, content_hash FROM ${space.table} ORDER BY item_id`).all());
  return {
    cards: services.db.prepare('SELECT * FROM kb_cards ORDER BY id').all(),
    chunks: services.db.prepare('SELECT * FROM kb_chunks ORDER BY id').all(),
    vectors,
  };
}

function vectorCount(services: Services): number {
  const [space] = services.vectors.spacesOf('kb');
  return space ? services.vectors.count(space) : 0;
}

async function search(services: Services, query: string, strategy = 'keyword'): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'kb', query, strategy, k: 50 }, { transport: 'cli', role: 'viewer' });
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

describe('kb ingest', () => {
  it('inserts one row per sub-chunk and embeds each, then a second run changes and embeds nothing', async () => {
    const { services, embedder, ingest, chunkTotal } = await setUp();
    expect(await ingest()).toEqual({ corpus: 'kb', inserted: chunkTotal, updated: 0, unchanged: 0, removed: 0, embedded: chunkTotal });
    expect(embedder.documents).toHaveLength(chunkTotal);
    const before = snapshot(services);

    expect(await ingest()).toEqual({ corpus: 'kb', inserted: 0, updated: 0, unchanged: chunkTotal, removed: 0, embedded: 0 });
    expect(embedder.documents).toHaveLength(chunkTotal);
    expect(snapshot(services)).toEqual(before);
  });

  it('loads every shipped card by default, one chunk per section', async () => {
    const services = await createServices({ dataDir: tempDir(), embedder: null });
    open.push(services);
    const counts = await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
    const sections = shippedCardFiles().reduce((sum, name) => sum + sectionsOf(join(shippedCardsDir, name)), 0);
    expect(counts).toMatchObject({ inserted: sections, removed: 0, embedded: 0 });
    expect(services.db.prepare('SELECT count(*) AS n FROM kb_cards').get()).toEqual({ n: shippedCardFiles().length });
  });

  it('re-embeds only the edited chunk of an edited card', async () => {
    const { services, cards, embedder, ingest, chunkTotal } = await setUp();
    await ingest();
    embedder.documents.length = 0;
    const others = snapshot(services) as { chunks: { card_id: string }[] };

    edit(join(cards, 'mi-oars.md'), (text) => text.replace('Aim to listen more than you talk', 'Aim to listen far more than you talk'));
    expect(await ingest()).toEqual({ corpus: 'kb', inserted: 0, updated: 1, unchanged: chunkTotal - 1, removed: 0, embedded: 1 });
    expect(embedder.documents).toHaveLength(1);
    expect(embedder.documents[0]).toMatch(/^OARS — the core skills of motivational interviewing\nTips\n.*Aim to listen far more/);
    const after = snapshot(services) as { chunks: { card_id: string }[] };
    expect(after.chunks.filter((row) => row.card_id !== 'mi-oars')).toEqual(others.chunks.filter((row) => row.card_id !== 'mi-oars'));
  });

  it("re-embeds every chunk of a card whose title changed, and no other card's", async () => {
    const { cards, embedder, ingest } = await setUp();
    await ingest();
    embedder.documents.length = 0;
    edit(join(cards, 'adh-cost.md'), (text) => text.replace(/^title: .*$/m, 'title: Cost of medicines as a barrier'));
    const counts = await ingest();
    const chunksOfCard = sectionsOf(join(cards, 'adh-cost.md'));
    expect(counts).toMatchObject({ updated: chunksOfCard, embedded: chunksOfCard, removed: 0, inserted: 0 });
    expect(embedder.documents.every((text) => text.startsWith('Cost of medicines as a barrier\n'))).toBe(true);
  });

  it('updates the chunks of a card whose citation changed without re-embedding them', async () => {
    const { services, cards, embedder, ingest } = await setUp();
    await ingest();
    embedder.documents.length = 0;
    const newUrl = 'https://medlineplus.gov/druginfo/meds/a682277.html#precautions';
    edit(join(cards, 'ddi-warfarin-nsaids.md'), (text) => text.replaceAll('https://medlineplus.gov/druginfo/meds/a682277.html', newUrl));
    const counts = await ingest();
    expect(counts).toMatchObject({ updated: sectionsOf(join(cards, 'ddi-warfarin-nsaids.md')), embedded: 0 });
    expect(embedder.documents).toHaveLength(0);
    const hit = (await search(services, 'ibuprofen warfarin')).hits.find((entry) => entry.id === 'ddi-warfarin-nsaids');
    expect(hit?.kb?.source_url).toBe(newUrl);
  });

  it("stores a card's severity without touching its chunks: nothing is updated or re-embedded, and kb.cards and kb.card show it", async () => {
    const { services, cards, embedder, ingest } = await setUp();
    edit(join(cards, 'ddi-warfarin-nsaids.md'), (text) => text.replace(/^severity: .*\n/m, ''));
    await ingest();
    const chunksBefore = services.db.prepare("SELECT * FROM kb_chunks WHERE card_id = 'ddi-warfarin-nsaids' ORDER BY id").all();
    embedder.documents.length = 0;
    edit(join(cards, 'ddi-warfarin-nsaids.md'), (text) => text.replace(/^last_reviewed: (.*)$/m, 'last_reviewed: $1\nseverity: avoid'));
    const counts = await ingest();
    expect(counts).toMatchObject({ inserted: 0, updated: 0, embedded: 0 });
    expect(embedder.documents).toHaveLength(0);
    expect(services.db.prepare("SELECT * FROM kb_chunks WHERE card_id = 'ddi-warfarin-nsaids' ORDER BY id").all()).toEqual(chunksBefore);
    const call = async (name: string, input: unknown) => {
      const result = await services.dispatcher.call(name, input, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      return result.value as { id: string; severity?: string }[] & { severity?: string };
    };
    const summaries = await call('kb.cards', {});
    expect(summaries.find((card) => card.id === 'ddi-warfarin-nsaids')?.severity).toBe('avoid');
    expect(summaries.find((card) => card.id === 'mi-oars')).not.toHaveProperty('severity');
    expect((await call('kb.card', { id: 'ddi-warfarin-nsaids' })).severity).toBe('avoid');
  });

  it("deletes a removed card's chunks, their vectors and their keyword entries", async () => {
    const { services, cards, ingest, chunkTotal } = await setUp();
    await ingest();
    const removedChunks = sectionsOf(join(cards, 'ddi-maoi-tyramine.md'));
    expect(vectorCount(services)).toBe(chunkTotal);
    expect((await search(services, 'tyramine phenelzine')).hits.map((hit) => hit.id)).toContain('ddi-maoi-tyramine');

    rmSync(join(cards, 'ddi-maoi-tyramine.md'));
    expect(await ingest()).toEqual({ corpus: 'kb', inserted: 0, updated: 0, unchanged: chunkTotal - removedChunks, removed: removedChunks, embedded: 0 });
    expect(services.db.prepare("SELECT count(*) AS n FROM kb_chunks WHERE card_id = 'ddi-maoi-tyramine'").get()).toEqual({ n: 0 });
    expect(services.db.prepare("SELECT count(*) AS n FROM kb_cards WHERE id = 'ddi-maoi-tyramine'").get()).toEqual({ n: 0 });
    expect(vectorCount(services)).toBe(chunkTotal - removedChunks);
    for (const strategy of ['keyword', 'vector', 'hybrid']) {
      expect((await search(services, 'tyramine phenelzine', strategy)).hits.map((hit) => hit.id)).not.toContain('ddi-maoi-tyramine');
    }
  });

  it('removes the chunk of a section deleted from a card', async () => {
    const { cards, ingest, chunkTotal } = await setUp();
    await ingest();
    edit(join(cards, 'mi-oars.md'), (text) => text.replace(/## Pitfalls[\s\S]*?(?=\nSource:)/, ''));
    expect(await ingest()).toMatchObject({ removed: 1, unchanged: chunkTotal - 1, inserted: 0, updated: 0 });
  });

  it('from a single card file, adds or updates that card and removes nothing', async () => {
    const { services, ingest, chunkTotal } = await setUp();
    await ingest();
    const one = join(copyCards(join(tempDir(), 'one'), ['esc-stroke-fast']), 'esc-stroke-fast.md');
    const counts = await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>, { from: one });
    expect(counts).toMatchObject({ inserted: sectionsOf(one), removed: 0, unchanged: 0 });
    expect(services.db.prepare('SELECT count(*) AS n FROM kb_chunks').get()).toEqual({ n: chunkTotal + sectionsOf(one) });
  });
});

describe("kb ingest keeps the shipped cards and the user's apart", () => {
  /** A clinic's own procedure, as a user writes it (no front matter). */
  function userDocument(directory: string, name: string, title: string): string {
    mkdirSync(directory, { recursive: true });
    const file = join(directory, name);
    writeFileSync(file, `# ${title}\n\n## Procedure\n\nUsed sharps go into the yellow container beside the sink in ${title}; it is sealed when three quarters full.\n`);
    return file;
  }
  const cardCount = (services: Services, origin?: string) =>
    (services.db.prepare(`SELECT count(*) AS n FROM kb_cards${origin ? ' WHERE origin = ?' : ''}`).get(...(origin ? [origin] : [])) as { n: number }).n;

  it("keeps a user's document when the shipped cards are loaded again (the seed, on every start), and a user's folder removes only the user's documents", async () => {
    const services = await createServices({ dataDir: tempDir(), embedder: recordingEmbedder() });
    open.push(services);
    const kb = services.module('kb') as NonNullable<ReturnType<Services['module']>>;
    await ingestCorpus(services, kb, {});
    const shipped = cardCount(services);
    expect(shipped).toBe(shippedCardFiles().length);
    expect(cardCount(services, 'shipped')).toBe(shipped);

    const own = userDocument(join(tempDir(), 'mine'), 'sala-azul.md', 'Sala Azul sharps');
    expect(await ingestCorpus(services, kb, { from: own })).toMatchObject({ removed: 0 });
    // The shipped set again, as `cita seed` and every start load it: the user's card stays, nothing is removed.
    expect(await ingestCorpus(services, kb, {})).toMatchObject({ inserted: 0, updated: 0, removed: 0 });
    expect(cardCount(services)).toBe(shipped + 1);
    expect(cardCount(services, 'user')).toBe(1);
    expect((await search(services, 'Sala Azul sharps')).hits[0]?.id).toBe('sala-azul');
    const ownChunks = (services.db.prepare("SELECT count(*) AS n FROM kb_chunks WHERE card_id = 'sala-azul'").get() as { n: number }).n;
    expect(ownChunks).toBeGreaterThan(0);

    // A folder of the user's is the whole set of the user's documents: the single file's card goes, no shipped one.
    const folder = join(tempDir(), 'clinic');
    userDocument(folder, 'sala-roja.md', 'Sala Roja sharps');
    userDocument(folder, 'sala-verde.md', 'Sala Verde sharps');
    expect(await ingestCorpus(services, kb, { from: folder })).toMatchObject({ inserted: 2 * ownChunks, removed: ownChunks });
    expect(cardCount(services, 'shipped')).toBe(shipped);
    expect(cardCount(services, 'user')).toBe(2);
    expect(services.db.prepare("SELECT count(*) AS n FROM kb_cards WHERE id = 'sala-azul'").get()).toEqual({ n: 0 });
  });
});

describe('kb ingest of bad cards', () => {
  const badCards: [string, (text: string) => string, RegExp][] = [
    ['a card without source_url', (text) => text.replace(/^source_url: .*\n/m, ''), /source_url is missing/],
    ['a card without source_name', (text) => text.replace(/^source_name: .*\n/m, ''), /source_name is missing/],
    ['malformed front matter', (text) => text.replace(/^title: (.*)$/m, 'title: [unclosed, $1'), /malformed front matter/],
    ['front matter without its closing line', (text) => text.replace(/^---\n(?=\n## )/m, ''), /closing "---" line is missing/],
    ['an empty file', () => '', /the file is empty/],
    ['an http source URL', (text) => text.replace(/^source_url: https:/m, 'source_url: http:'), /https/],
    ['an unknown severity', (text) => text.replace(/^severity: .*$/m, 'severity: severe'), /severity must be one of contraindicated, avoid, monitor, emergency, urgent/],
  ];

  for (const [what, change, problem] of badCards) {
    it(`rejects ${what}, naming the file and the problem, and changes nothing`, async () => {
      const { services, cards, embedder, ingest } = await setUp();
      await ingest();
      const before = snapshot(services);
      const searchBefore = await search(services, 'warfarin ibuprofen bleeding');
      const embeddedBefore = embedder.documents.length;
      // A good edit in the same run must not land either: all cards are validated before anything is written.
      edit(join(cards, 'mi-oars.md'), (text) => text.replace('Aim to listen more than you talk', 'Aim to listen far more than you talk'));
      edit(join(cards, 'esc-hypoglycemia.md'), change);

      const error = await failure(ingest());
      expect(error.code).toBe('invalid_input');
      expect(error.message).toContain('esc-hypoglycemia.md');
      expect(error.message).toMatch(problem);
      expect(error.message).toMatch(/Nothing was changed/);
      expect(snapshot(services)).toEqual(before);
      expect(await search(services, 'warfarin ibuprofen bleeding')).toEqual(searchBefore);
      expect(embedder.documents).toHaveLength(embeddedBefore);
    });
  }

  it('names every bad card in the details', async () => {
    const { cards, ingest } = await setUp();
    edit(join(cards, 'adh-cost.md'), () => '');
    edit(join(cards, 'mi-oars.md'), (text) => text.replace(/^source_url: .*\n/m, ''));
    const error = await failure(ingest());
    expect(error.details).toEqual(['adh-cost.md: the file is empty', 'mi-oars.md: front matter: source_url is missing']);
    expect(error.message).toMatch(/and 1 more bad card/);
  });

  it('rejects a directory without cards and a path that does not exist', async () => {
    const { services } = await setUp();
    const kb = services.module('kb') as NonNullable<ReturnType<Services['module']>>;
    const empty = tempDir();
    writeFileSync(join(empty, 'README.md'), '# not a card\n');
    expect((await failure(ingestCorpus(services, kb, { from: empty }))).message).toMatch(/holds no cards/);
    expect((await failure(ingestCorpus(services, kb, { from: join(empty, 'missing') }))).message).toMatch(/no such file or directory/);
  });
});
