import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { splitCsvLine } from '../../../main/answer/csv-line.js';
import type { AskOutput } from '../../../shared/contract.js';
import { useTempDirs } from '../../helpers/temp.js';
import { diaryServices, testToday, value } from './diary-helpers.js';

/** What the stand-in model does with one request: a chat-completions reply body, or an HTTP failure. */
type Behaviour = (request: { body: Record<string, unknown>; url: string; headers: IncomingMessage['headers'] }) => { status?: number; json?: unknown; content?: string };

interface StandIn {
  url: string;
  requests: Array<{ body: Record<string, unknown>; url: string; headers: IncomingMessage['headers'] }>;
  behave(planner: Behaviour, composer: Behaviour): void;
  close(): Promise<void>;
}

/** A local HTTP server speaking the OpenAI chat-completions protocol (and Gemini's generateContent). */
async function startStandIn(): Promise<StandIn> {
  let planner: Behaviour = () => ({ status: 500 });
  let composer: Behaviour = () => ({ status: 500 });
  const requests: StandIn['requests'] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const record = { body, url: request.url ?? '', headers: request.headers };
      requests.push(record);
      const gemini = record.url.includes(':generateContent');
      const wantsJson = gemini ? JSON.stringify(body.generationConfig ?? {}).includes('application/json') : body.response_format !== undefined;
      const reply = (wantsJson ? planner : composer)(record);
      if (reply.status && reply.status !== 200) {
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'stand-in failure' }));
        return;
      }
      const json =
        reply.json ??
        (gemini
          ? { candidates: [{ content: { role: 'model', parts: [{ text: reply.content ?? '' }] } }] }
          : { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: reply.content ?? '' }, finish_reason: 'stop' }] });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(nextPlanner, nextComposer) {
      planner = nextPlanner;
      composer = nextComposer;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The user message of a chat request. */
function userMessage(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{ role: string; content: string }>;
  return messages.find((message) => message.role === 'user')?.content ?? '';
}

function systemMessage(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{ role: string; content: string }>;
  return messages.find((message) => message.role === 'system')?.content ?? '';
}

/** A faithful model: finds the foods row with the most sodium in the context it was given and copies it. */
const faithful: Behaviour = ({ body }) => {
  const context = userMessage(body);
  const lines = context.split('\n');
  const header = lines.indexOf('date,meal,item,grams,energy_kcal,sodium_mg');
  const rows = lines
    .slice(header + 1)
    .filter((line) => /^\d{4}-/.test(line))
    .map((line) => splitCsvLine(line).map((cell) => cell.value));
  const top = rows.sort((left, right) => Number(right[5]) - Number(left[5]))[0] as string[];
  return { content: `The largest sodium entry was ${top[2]}: ${top[3]} g with ${top[5]} mg on ${top[0]}.` };
};

/** The foods rows of a context sent to the model, largest sodium first: [date, meal, item, grams, kcal, sodium]. */
function foodRows(context: string): string[][] {
  const lines = context.split('\n');
  const header = lines.indexOf('date,meal,item,grams,energy_kcal,sodium_mg');
  return lines
    .slice(header + 1)
    .filter((line) => /^\d{4}-/.test(line))
    .map((line) => splitCsvLine(line).map((cell) => cell.value))
    .sort((left, right) => Number(right[5]) - Number(left[5]));
}

const sodiumPlan: Behaviour = () => ({ content: JSON.stringify({ date_from: '2026-06-19', date_to: '2026-07-02', nutrients: ['sodium'], need_detail: true }) });

const tempDir = useTempDirs();
let services: Services;
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
  services = await diaryServices(tempDir(), { demo: true });
});
afterAll(async () => {
  await services.close();
  await standIn.close();
});
afterEach(() => {
  services.settings.update({ llm: { provider: 'none', base_url: '', model: '' } });
  delete process.env.CITA_GEMINI_API_KEY;
  delete process.env.CITA_GEMINI_BASE_URL;
});

function useOpenAiStandIn(): void {
  services.settings.update({ llm: { provider: 'openai-compatible', base_url: `${standIn.url}/v1`, model: 'stand-in-model' } });
}

function ask(question: string): Promise<AskOutput> {
  return value<AskOutput>(services, 'ask', { corpus: 'diary', profile: 'demo', question, today: testToday });
}

describe('Ask your log with an OpenAI-compatible model', () => {
  it('plans with structured output and answers with a figure the check verifies', async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, faithful);
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.plan).toMatchObject({ planner: 'llm', nutrients: ['sodium'], need_detail: true, date_from: '2026-06-19' });
    expect(output.composer).toBe('llm');
    expect(output.answer).toMatch(/^The largest sodium entry was .+: \d+\.\d g with \d+\.\d mg on 2026-\d\d-\d\d\.$/);
    expect(output.grounding).toMatchObject({ unverified: 0, trusted: true });
    expect(output.grounding.verified).toBe(2);
    expect(output.citations.length).toBeGreaterThan(0);
    expect(output.citations[0]).toMatchObject({ kind: 'diary-entry' });
    expect(output.disclaimer).toBe('AI-generated answer: a language model wrote it from your diary rows (which also planned the lookup); check it in Diary (Day and Trends tabs).');
  });

  it('sends the chat-completions protocol: model, system and user messages, a JSON schema with the registry keys', async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, faithful);
    await ask('which foods gave me the most sodium in the last two weeks?');
    expect(standIn.requests.map((request) => request.url)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
    const [plan, answer] = standIn.requests;
    expect(plan?.body).toMatchObject({ model: 'stand-in-model', temperature: 0, response_format: { type: 'json_schema' } });
    expect(systemMessage(plan?.body ?? {})).toContain(`Today is ${testToday}`);
    expect(JSON.stringify(plan?.body.response_format)).toContain('"sodium"');
    expect(userMessage(plan?.body ?? {})).toBe('which foods gave me the most sodium in the last two weeks?');
    expect(systemMessage(answer?.body ?? {})).toContain('Every number you write must appear in the context exactly');
    expect(systemMessage(answer?.body ?? {})).toContain('never prescribe');
    expect(userMessage(answer?.body ?? {})).toContain('date,meal,item,grams,energy_kcal,sodium_mg');
    expect(plan?.headers.authorization).toBeUndefined();
  });

  it('catches a fabricated figure and marks the answer untrusted', async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, (request) => {
      const honest = faithful(request).content as string;
      return { content: `${honest} Over the two weeks you averaged 3141.6 mg of sodium a day.` };
    });
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.composer).toBe('llm');
    expect(output.grounding.trusted).toBe(false);
    expect(output.grounding.unverified).toBe(1);
    const fabricated = output.grounding.figures.find((figure) => !figure.verified);
    expect(fabricated).toMatchObject({ text: '3141.6 mg', value: 3141.6, unit: 'mg', context_lines: [] });
    expect(output.answer.slice(fabricated?.start, fabricated?.end)).toBe('3141.6 mg');
    expect(output.notices).toContainEqual(expect.objectContaining({ code: 'untrusted' }));
  });

  it('catches a figure of another food given to the food the sentence names, and marks the answer untrusted', async () => {
    useOpenAiStandIn();
    // The model names the day's largest sodium entry but copies the grams and sodium of a different row.
    standIn.behave(sodiumPlan, ({ body }) => {
      const rows = foodRows(userMessage(body));
      const top = rows[0] as string[];
      const other = rows.find((row) => row[2] !== top[2] && row[3] !== top[3] && row[5] !== top[5]) as string[];
      return { content: `The largest sodium entry was ${top[2]}: ${other[3]} g with ${other[5]} mg on ${top[0]}.` };
    });
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.composer).toBe('llm');
    expect(output.grounding.trusted).toBe(false);
    expect(output.grounding.figures.map((figure) => [figure.unit, figure.verified, figure.attribution])).toEqual([
      ['g', false, 'misattributed'],
      ['mg', false, 'misattributed'],
    ]);
    expect(output.notices.find((notice) => notice.code === 'untrusted')?.message).toMatch(/2 figure\(s\) are in the retrieved rows but not in the row of the food or day the answer gives them to/);
  });

  it("trusts the same sentence when the model copies the named row's own figures", async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, ({ body }) => {
      const top = foodRows(userMessage(body))[0] as string[];
      return { content: `The largest sodium entry was ${top[2]}: ${top[3]} g with ${top[5]} mg on ${top[0]}.` };
    });
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.grounding.figures.map((figure) => [figure.verified, figure.attribution])).toEqual([
      [true, 'subject'],
      [true, 'subject'],
    ]);
    expect(output.grounding.trusted).toBe(true);
  });

  it("verifies a Spanish answer that writes the context's decimals with a comma", async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, ({ body }) => {
      const top = foodRows(userMessage(body))[0] as string[];
      return { content: `La entrada con más sodio fue ${top[2]}: ${(top[3] as string).replace('.', ',')} g con ${(top[5] as string).replace('.', ',')} mg el ${top[0]}.` };
    });
    const output = await ask('¿qué alimentos me aportaron más sodio en las últimas dos semanas?');
    expect(output.language).toBe('es');
    expect(output.grounding).toMatchObject({ unverified: 0, trusted: true });
    expect(output.grounding.verified).toBe(2);
  });

  it('asks the model for meals, a comparison, untracked nutrients and whether it understood', async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, faithful);
    await ask('which foods gave me the most sodium in the last two weeks?');
    const schema = JSON.stringify(standIn.requests[0]?.body.response_format);
    for (const field of ['meals', 'compare_from', 'compare_to', 'untracked', 'list_entries', 'understood', 'invalid_dates']) expect(schema, field).toContain(`"${field}"`);
  });

  it("takes meals and a comparison from the model's plan", async () => {
    useOpenAiStandIn();
    standIn.behave(
      () => ({
        content: JSON.stringify({
          date_from: '2026-06-29',
          date_to: '2026-07-02',
          compare_from: '2026-06-22',
          compare_to: '2026-06-28',
          nutrients: ['sodium'],
          untracked: [],
          meals: ['dinner'],
          need_detail: false,
          list_entries: false,
          understood: true,
          invalid_dates: [],
        }),
      }),
      () => ({ status: 503 }),
    );
    const output = await ask('did I have more sodium at dinner this week than last week?');
    expect(output.plan).toMatchObject({ planner: 'llm', meals: ['dinner'], compare_to: { date_from: '2026-06-22', date_to: '2026-06-28' } });
    expect(output.answer).toMatch(/^Sodium \(dinner only\): 2026-06-29 to 2026-07-02 compared with 2026-06-22 to 2026-06-28\./);
    expect(output.grounding.unverified).toBe(0);
  });

  it('refuses, with no figures, when the model says the question is not about the diary', async () => {
    useOpenAiStandIn();
    standIn.behave(
      () => ({
        content: JSON.stringify({
          date_from: null,
          date_to: null,
          compare_from: null,
          compare_to: null,
          nutrients: [],
          untracked: [],
          meals: [],
          need_detail: false,
          list_entries: false,
          understood: false,
          invalid_dates: [],
        }),
      }),
      faithful,
    );
    const output = await ask('who won the game yesterday?');
    expect(output).toMatchObject({ refused: true, refusal: 'not_understood', composer: 'deterministic', plan: { planner: 'llm' } });
    expect(standIn.requests).toHaveLength(1);
    expect(output.disclaimer).toMatch(/^Lookup planned by AI \(a language model\); answer composed by offline rules/);
  });

  it("refuses with the rules' reason a question out of the log's scope that the model planned as a summary", async () => {
    useOpenAiStandIn();
    standIn.behave(sodiumPlan, faithful);
    const output = await ask('what should I eat for dinner tonight?');
    expect(output).toMatchObject({ refused: true, refusal: 'not_understood', composer: 'deterministic', plan: { planner: 'llm', not_honoured: [{ code: 'not_understood', text: 'advice' }] } });
    expect(output.answer).toMatch(/It does not advise what to eat/);
    expect(output.grounding.figures).toEqual([]);
    // The same model plan for a question about the log is answered from it.
    const answered = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(answered.refused).toBe(false);
  });

  it('sanitizes whatever plan the model proposes', async () => {
    useOpenAiStandIn();
    standIn.behave(() => ({ content: 'Sure! {"date_from": "2027-01-01", "date_to": "2025-01-01", "nutrients": ["salt", "sodium"], "need_detail": "yes"}' }), faithful);
    const output = await ask('sodium please');
    expect(output.plan).toMatchObject({ planner: 'llm', date_from: '2026-04-02', date_to: testToday, clamped: true, nutrients: ['sodium'], need_detail: false });
    expect(output.notices.map((notice) => notice.code)).toEqual(expect.arrayContaining(['future_date', 'period_clamped', 'nutrients_dropped']));
  });

  it('falls back to the offline planner and composer when the model fails, and says so', async () => {
    useOpenAiStandIn();
    standIn.behave(
      () => ({ status: 500 }),
      () => ({ status: 503 }),
    );
    const output = await ask('¿qué alimentos me aportaron más sodio en las últimas dos semanas?');
    expect(output.plan?.planner).toBe('rules');
    expect(output.composer).toBe('deterministic');
    expect(output.grounding.unverified).toBe(0);
    const failures = output.notices.filter((notice) => notice.code === 'llm_failed');
    expect(failures).toHaveLength(2);
    expect(failures[0]?.message).toContain('HTTP 500');
    expect(failures[1]?.message).toContain('HTTP 503');
  });

  it('falls back when the model answers in a shape that is not chat completions', async () => {
    useOpenAiStandIn();
    standIn.behave(
      () => ({ json: { nothing: true } }),
      () => ({ content: '   ' }),
    );
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output).toMatchObject({ composer: 'deterministic', plan: { planner: 'rules' } });
    expect(output.notices.filter((notice) => notice.code === 'llm_failed')).toHaveLength(2);
  });

  it('falls back when the server cannot be reached', async () => {
    services.settings.update({ llm: { provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', model: 'm' } });
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.composer).toBe('deterministic');
    expect(output.notices.find((notice) => notice.code === 'llm_failed')?.message).toContain('could not be reached');
  });

  it('explains a provider that is not configured and answers offline', async () => {
    services.settings.update({ llm: { provider: 'openai-compatible', base_url: '', model: '' } });
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.composer).toBe('deterministic');
    expect(output.notices).toContainEqual(expect.objectContaining({ code: 'llm_unavailable' }));
  });
});

describe('Ask your log with Gemini', () => {
  it('calls generateContent with the key in a header and checks the answer', async () => {
    process.env.CITA_GEMINI_API_KEY = 'test-key-123';
    // The key's endpoint is set beside the key; llm.base_url left empty follows it.
    process.env.CITA_GEMINI_BASE_URL = standIn.url;
    services.settings.update({ llm: { provider: 'gemini', base_url: '', model: 'gemini-test' } });
    standIn.behave(sodiumPlan, (request) => {
      const contents = request.body.contents as Array<{ parts: Array<{ text: string }> }>;
      const faithfulReply = faithful({ ...request, body: { messages: [{ role: 'user', content: contents[0]?.parts[0]?.text ?? '' }] } });
      return { content: `${faithfulReply.content as string} That is 12 % of something.` };
    });
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(standIn.requests.map((request) => request.url)).toEqual(['/v1beta/models/gemini-test:generateContent', '/v1beta/models/gemini-test:generateContent']);
    expect(standIn.requests[0]?.headers['x-goog-api-key']).toBe('test-key-123');
    expect(standIn.requests.every((request) => !request.url.includes('test-key'))).toBe(true);
    expect(output.plan?.planner).toBe('llm');
    expect(output.composer).toBe('llm');
    expect(output.grounding.figures.filter((figure) => !figure.verified).map((figure) => figure.text)).toEqual(['12 %']);
  });

  it('asks for the API key when it is missing', async () => {
    services.settings.update({ llm: { provider: 'gemini', base_url: standIn.url, model: 'gemini-test' } });
    const output = await ask('sodium last week');
    expect(output.composer).toBe('deterministic');
    expect(output.notices.find((notice) => notice.code === 'llm_unavailable')?.message).toContain('CITA_GEMINI_API_KEY');
  });
});
