/**
 * The local API's event stream (`GET /api/events`) is not a way to hold the server's resources or to overhear
 * other profiles: a token holds only a few streams at once, a stream with nothing to say is closed (the page opens
 * another), and a token bound to one profile hears of no job that is not that profile's.
 */
import { request, type ClientRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { startHttpServer, type RunningServer } from '../../main/server/http-server.js';
import { createTokenService, loadOrCreateSecret, type TokenService } from '../../main/server/tokens.js';
import { repositoryRoot } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { send } from './support/http.js';

const tempDir = useTempDirs();
let services: Services;
let server: RunningServer;
let tokens: TokenService;

async function startServer(options: { eventStreamIdleMs?: number } = {}): Promise<void> {
  server = await startHttpServer({ dispatcher: services.dispatcher, tokens, events: services.events, rendererDir: `${repositoryRoot}/dist/renderer`, port: 0, ...options });
}

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir(), embedder: null });
  services.profiles.ensure('alice', 'Alice');
  tokens = createTokenService(loadOrCreateSecret(services.dataDir));
});

afterEach(async () => {
  for (const stream of opened.splice(0)) stream.request.destroy();
  await server?.close();
  await services.close();
});

interface Stream {
  status: number;
  request: ClientRequest;
  received: () => string;
  ended: Promise<void>;
}
const opened: Stream[] = [];

/** Opens GET /api/events with a token and resolves once the answer's headers arrived. */
function openStream(token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let text = '';
    let endStream: () => void = () => undefined;
    const ended = new Promise<void>((done) => (endStream = done));
    const outgoing = request({ host: '127.0.0.1', port: server.port, path: '/api/events', method: 'GET', headers: { Authorization: `Bearer ${token}` } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', endStream);
      response.on('close', endStream);
      const stream = { status: response.statusCode ?? 0, request: outgoing, received: () => text, ended };
      opened.push(stream);
      resolve(stream);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const within = (promise: Promise<void>, ms: number) => Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('GET /api/events', () => {
  it('lets one token hold only a few streams at once and refuses more', async () => {
    await startServer();
    const token = await tokens.sign({ role: 'viewer' });
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) statuses.push((await openStream(token)).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(8);
    expect(statuses.at(-1)).toBe(429);
    // Another token is not locked out by the first one's streams.
    expect((await openStream(await tokens.sign({ role: 'viewer' }))).status).toBe(200);
  });

  it('closes a stream that had nothing to say for the idle time', async () => {
    await startServer({ eventStreamIdleMs: 300 });
    const stream = await openStream(await tokens.sign({ role: 'viewer' }));
    expect(stream.status).toBe(200);
    expect(await within(stream.ended, 3_000)).toBe(true);
  });

  it("tells a token bound to one profile nothing of a job that is not that profile's", async () => {
    await startServer();
    const bound = await openStream(await tokens.sign({ role: 'viewer', profile: 'alice' }));
    const unbound = await openStream(await tokens.sign({ role: 'viewer' }));
    const job = services.jobs.start('reembed', async (_signal, report) => {
      report(1, 2, 'foods 1 of 2');
      return 'done';
    });
    await services.jobs.wait(job.job);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unbound.received()).toContain('job.progress');
    expect(bound.received()).not.toContain('job.progress');
  });

  it("lists no job that is not the bound profile's (jobs.list)", async () => {
    await startServer();
    const job = services.jobs.start('reembed', async () => 'done');
    await services.jobs.wait(job.job);
    const reply = await send(server.port, '/api/jobs.list', { headers: { Authorization: `Bearer ${await tokens.sign({ role: 'viewer', profile: 'alice' })}` }, body: '{}' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: [] });
  });
});
