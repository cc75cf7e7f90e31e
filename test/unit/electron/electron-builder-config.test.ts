import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repositoryRoot } from '../../helpers/cli.js';

const config = parse(readFileSync(`${repositoryRoot}/electron-builder.yml`, 'utf8')) as {
  asar: boolean;
  asarUnpack: string[];
  extraResources: Array<{ from: string; to: string }>;
  electronFuses: Record<string, boolean>;
};

describe('electron-builder.yml', () => {
  it('unpacks the native modules from asar', () => {
    expect(config.asar).toBe(true);
    for (const module of ['better-sqlite3', 'sqlite-vec', 'onnxruntime-node']) {
      expect(config.asarUnpack.some((pattern) => pattern.includes(`node_modules/${module}`))).toBe(true);
    }
  });

  it('ships the model directories (embedder, reranker) outside asar', () => {
    expect(config.extraResources).toContainEqual(expect.objectContaining({ from: 'models/bge-small-en-v1.5', to: 'model' }));
    expect(config.extraResources).toContainEqual(expect.objectContaining({ from: 'models/ms-marco-MiniLM-L-12-v2', to: 'reranker' }));
  });

  it('sets the Electron fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
