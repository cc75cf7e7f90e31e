import { createHash } from 'node:crypto';
import pg from 'pg';
import { tokenize } from '../core/text-folding.js';
import type { Embedder } from '../embedding/embedder.js';

/**
 * A 384-d embedder that hashes words into dimensions: deterministic and nearly free, so a synthetic catalog or KB
 * of many rows measures the stores (writes, HNSW or exact search), not the model.
 */
export function hashingEmbedder(): Embedder {
  const dimensions = 384;
  const embed = (text: string) => {
    const vector = new Float32Array(dimensions);
    for (const word of tokenize(text)) {
      const digest = createHash('sha1').update(word).digest();
      const [up, down] = [digest.readUInt16LE(0) % dimensions, digest.readUInt16LE(2) % dimensions];
      vector[up] = (vector[up] ?? 0) + 1;
      vector[down] = (vector[down] ?? 0) - 0.5;
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    return vector.map((value) => value * scale);
  };
  return {
    id: 'bench:word-hash:384',
    dimensions,
    embedDocuments: async (texts) => texts.map(embed),
    embedQuery: async (text) => embed(text),
    close: async () => undefined,
  };
}

/** A schema of its own on the user's server, so the bench never touches the database's cita tables. */
export async function withBenchSchema<T>(url: string, work: (schemaUrl: string) => Promise<T>): Promise<T> {
  const schema = `cita_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema},public`);
  try {
    return await work(scoped.toString());
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
