import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../main/api/context.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { seedShippedData } from '../../main/app/seed.js';
import { startHttpServer, type RunningServer } from '../../main/server/http-server.js';
import { createTokenService, loadOrCreateSecret } from '../../main/server/tokens.js';
import { operationNames, operations, type OperationName } from '../../shared/contract.js';
import type { Result } from '../../shared/result.js';
import { repositoryRoot } from '../helpers/cli.js';
import { fingerprint } from './support/fingerprint.js';
import { fieldSweep, hostileInput, hostileValue } from './support/hostile.js';
import { send } from './support/http.js';

/**
 * Every operation of the contract (iterated, so new operations are covered without touching this file) gets
 * random and malformed input. What may come back: a validation error or another error a user can act on, or a
 * legitimate result. What may not: an internal error, a crash, a changed database after an error, a polluted
 * Object.prototype, a stack trace in a message. CITA_FUZZ_RUNS raises the number of random inputs per operation.
 */
const runsPerOperation = Number(process.env.CITA_FUZZ_RUNS ?? 120);
const httpRunsPerOperation = Math.max(20, Math.round(runsPerOperation / 3));

let services: Services;
let templates: Partial<Record<OperationName, Record<string, unknown>>>;
const tried = { dispatcher: 0, http: 0, accepted: 0, refused: 0 };
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
// One seeded directory serves the whole file (useTempDirs empties its directories after each test).
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cita-hostile-'));
  services = await createServices({ dataDir, embedder: null });
  await seedShippedData(services, { demo: true, today: '2025-06-15' });
  services.profiles.ensure('alice', 'Alice');
  services.profiles.ensure('bob', 'Bob');
  const editor: CallContext = { transport: 'cli', role: 'editor' };
  const shared = services.db.prepare<[], { code: string }>('SELECT code FROM foods WHERE owner IS NULL ORDER BY id LIMIT 1').get()?.code ?? 'A001';
  const own = await services.dispatcher.call('foods.add', { profile: 'alice', name: 'Tortilla', per100g: { energy_kcal: 180, sodium: 300 } }, editor);
  const ownCode = own.ok ? (own.value as { code: string }).code : 'U1';
  const entry = await services.dispatcher.call('diary.add', { profile: 'alice', date: '2025-06-01', meal: 'lunch', food: ownCode, grams: 150 }, editor);
  const cards = await services.dispatcher.call('kb.cards', {}, editor);
  const cardId = cards.ok ? ((cards.value as Array<{ id: string }>)[0]?.id ?? 'x') : 'x';
  // A valid input per known operation, so one hostile field at a time gets past the others to the handler.
  templates = {
    'settings.update': { ui: { theme: 'dark' } },
    'jobs.start': { kind: 'reembed', corpus: 'foods' },
    'jobs.cancel': { job: 'no-such-job' },
    ingest: { corpus: 'kb' },
    search: { corpus: 'foods', query: 'rice', k: 5, strategy: 'keyword', profile: 'alice' },
    ask: { corpus: 'diary', question: 'which foods gave me the most sodium in the last two weeks?', profile: 'alice', today: '2025-06-15' },
    'foods.add': { profile: 'alice', name: 'Pan', brand: 'Casa', per100g: { energy_kcal: 250 } },
    'foods.update': { profile: 'alice', code: ownCode, name: 'Tortilla española' },
    'foods.get': { profile: 'alice', code: shared },
    'diary.add': { profile: 'alice', date: '2025-06-02', meal: 'dinner', food: shared, grams: 100 },
    'diary.remove': { profile: 'alice', id: entry.ok ? (entry.value as { id: number }).id : 1 },
    'diary.update': { profile: 'alice', id: entry.ok ? (entry.value as { id: number }).id : 1, meal: 'snack' },
    'diary.recent': { profile: 'alice', limit: 6 },
    'foods.portions': { profile: 'alice', code: 'M001' },
    'foods.portions.add': { profile: 'alice', code: ownCode, name: 'slice', grams: 30 },
    'diary.day': { profile: 'alice', date: '2025-06-01' },
    'diary.series': { profile: 'alice', date_from: '2025-05-01', date_to: '2025-06-15', nutrients: ['sodium'] },
    'diary.import': { profile: 'alice', csv: `date,meal,food_code,grams\n2025-06-03,lunch,${shared},120\n`, dry_run: true },
    'diary.import.preview': { profile: 'alice', csv: 'Day,Time,Group,Food Name,Amount\n2025-06-03,,Lunch,Rice,80 g\n' },
    'diary.import.confirm': { profile: 'alice', csv: 'Day,Time,Group,Food Name,Amount\n2025-06-04,,Lunch,Rice,80 g\n', accept_weak: true, choices: [{ line: 2, food: shared }] },
    'diary.targets.set': { profile: 'alice', nutrient: 'sodium', amount: 2000, effective_from: '2025-01-01' },
    'kb.card': { id: cardId },
    'catalog.field': { source: 'creditos', physical_name: 'CRT_SALDO_VENCIDO_MN' },
    'catalog.source': { id: 'creditos' },
  };
});

afterAll(async () => {
  await services?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `hostile input: ${tried.dispatcher} inputs through the dispatcher, ${tried.http} requests over HTTP ` +
      `(${tried.accepted} accepted as valid, ${tried.refused} refused), ${operationNames.length} operations`,
  );
});

const fingerprintEvery = 8;
const changesOf = () => (services.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

/** Calls one operation and holds the answer to the rules; returns nothing, throws on a broken rule. */
async function probe(name: OperationName, input: unknown): Promise<void> {
  const write = operations[name].access === 'write';
  const changesBefore = changesOf();
  // total_changes() sees every row this connection writes; a full fingerprint (slower) double-checks a sample.
  const before = write && tried.dispatcher % fingerprintEvery === 0 ? fingerprint(services.db) : undefined;
  let result: Result<unknown>;
  try {
    result = await services.dispatcher.call(name, input, { transport: 'http', role: 'editor' });
  } catch (error) {
    throw new Error(`${name} threw instead of answering: ${(error as Error).stack}`, { cause: error });
  }
  tried.dispatcher += 1;
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  if (result.ok) {
    tried.accepted += 1;
    if (!write) expect(changesOf(), `the read ${name} wrote to the database`).toBe(changesBefore);
    return;
  }
  tried.refused += 1;
  expect(result.error.code, `${name} failed inside for ${describeInput(input)}: ${result.error.message}`).not.toBe('internal');
  expect(result.error.message).not.toMatch(/\n\s+at /);
  expect(result.error.message.length).toBeLessThan(2_000);
  expect(changesOf(), `${name} wrote although it answered ${result.error.code}`).toBe(changesBefore);
  if (before) expect(fingerprint(services.db), `${name} changed the database although it answered ${result.error.code}`).toEqual(before);
}

/** JSON as a client would send it; nesting too deep for JSON.stringify is written by hand, as an attacker would. */
function toJsonText(input: unknown): string {
  try {
    return JSON.stringify(input) ?? 'null';
  } catch {
    return `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
  }
}

function describeInput(input: unknown): string {
  try {
    return (JSON.stringify(input) ?? String(input)).slice(0, 300);
  } catch {
    return String(input).slice(0, 300);
  }
}

/** The template of an operation with fields replaced by hostile values (or wholly hostile input). */
function templatedInput(name: OperationName): fc.Arbitrary<unknown> {
  const template = templates[name];
  if (!template) return hostileInput(name);
  const replaced = fc
    .tuple(fc.subarray(Object.keys(template), { minLength: 1 }), fc.array(hostileValue, { minLength: 4, maxLength: 4 }))
    .map(([keys, values]) => ({ ...template, ...Object.fromEntries(keys.map((key, index) => [key, values[index % values.length]])) }));
  return fc.oneof(hostileInput(name), replaced);
}

describe('every operation, called through the dispatcher with hostile input', () => {
  it.each([...operationNames])('%s answers only errors a user can act on (or a valid result), and writes nothing when it refuses', async (name) => {
    const template = templates[name] ?? {};
    for (const field of fieldSweep(name)) {
      await probe(name, { ...template, ...field });
    }
    await fc.assert(
      fc.asyncProperty(templatedInput(name), async (input) => probe(name, input)),
      { numRuns: runsPerOperation },
    );
  });
});

describe('every operation, called over HTTP with hostile bodies', () => {
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    const tokens = createTokenService(loadOrCreateSecret(dataDir));
    token = await tokens.sign({ role: 'editor' });
    server = await startHttpServer({
      dispatcher: services.dispatcher,
      tokens,
      events: services.events,
      rendererDir: `${repositoryRoot}/dist/renderer`,
      port: 0,
      maxBodyBytes: 256 * 1024,
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** JSON as a client would send it, plus texts JSON.stringify never produces (1e999 is Infinity once parsed). */
  const hostileBody = (name: OperationName): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 5, arbitrary: templatedInput(name).map(toJsonText) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '',
          'null',
          '[]',
          '"text"',
          '{',
          '{"a":NaN}',
          '{"grams":1e999,"k":-1e999,"amount":1e999}',
          '{"grams":"Infinity","amount":"NaN"}',
          '\ufeff{}',
          '{"profile":"alice","profile":"bob"}',
          '{"__proto__":{"role":"editor"},"constructor":{"prototype":{"polluted":1}}}',
          `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
          '{"query":"\\ud800"}',
          '\u0000',
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    );

  it.each([...operationNames])('POST /api/%s never answers 500 and changes nothing when it refuses', async (name) => {
    const write = operations[name].access === 'write';
    await fc.assert(
      fc.asyncProperty(hostileBody(name), async (body) => {
        const sampled = tried.http % fingerprintEvery === 0;
        const changesBefore = changesOf();
        const before = write && sampled ? fingerprint(services.db) : undefined;
        const reply = await send(server.port, `/api/${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` }, body });
        tried.http += 1;
        expect(reply.status, `${name} ${body.slice(0, 200)} → ${reply.body.slice(0, 300)}`).not.toBe(500);
        const answer = JSON.parse(reply.body) as { ok: boolean };
        expect(answer.ok).toBe(reply.status === 200);
        if (reply.status === 200) tried.accepted += 1;
        else tried.refused += 1;
        if (reply.status !== 200) expect(changesOf()).toBe(changesBefore);
        if (before && reply.status !== 200) expect(fingerprint(services.db)).toEqual(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: httpRunsPerOperation },
    );
    // The server is still there for the next caller.
    expect((await send(server.port, '/api/status', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
