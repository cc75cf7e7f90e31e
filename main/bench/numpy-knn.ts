/**
 * Issue #15's yardstick for exact KNN: numpy's matrix-vector product (BLAS, every core it is given) over the same
 * float32 vectors and queries, then the k best by argpartition, timed per query inside Python. Only when python3 with
 * numpy is installed; otherwise the bench says so instead of a figure.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarize, type LatencySummary } from './stats.js';

export type NumpyKnnResult = { available: true; numpyVersion: string; latency: LatencySummary } | { available: false; reason: string };

// Rows arrive unit-length, so the largest dot products are the smallest cosine distances, as cita's scan ranks them.
const script = `
import json, sys, time
import numpy as np
matrix_path, queries_path, rows, dims, k = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
matrix = np.fromfile(matrix_path, dtype=np.float32).reshape(rows, dims)
queries = np.fromfile(queries_path, dtype=np.float32).reshape(-1, dims)
def search(query):
    scores = matrix @ query
    best = np.argpartition(-scores, k)[:k]
    return best[np.argsort(-scores[best])]
search(queries[0])
times = []
for query in queries:
    started = time.perf_counter()
    search(query)
    times.append((time.perf_counter() - started) * 1000)
print(json.dumps({"numpy": np.__version__, "ms": times}))
`;

/** Whether python3 can import numpy: its version, or why not (the sentence the bench prints). */
export function numpyAvailable(python = 'python3'): { ok: true; version: string } | { ok: false; reason: string } {
  const probe = spawnSync(python, ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' });
  if (probe.error) return { ok: false, reason: `${python} is not installed (${probe.error.message})` };
  if (probe.status !== 0) return { ok: false, reason: `${python} has no numpy (pip install numpy to compare)` };
  return { ok: true, version: probe.stdout.trim() };
}

/**
 * Times numpy on `rows` (all of the same dimensions) and `queries`: the rows are written to a temp file in `workDir`
 * a block at a time, so they never need to be in memory here at once.
 */
export function benchNumpyKnn(options: { rows: Iterable<readonly Float32Array[]>; queries: readonly Float32Array[]; k: number; workDir: string; python?: string }): NumpyKnnResult {
  const python = options.python ?? 'python3';
  const available = numpyAvailable(python);
  if (!available.ok) return { available: false, reason: available.reason };
  const dimensions = (options.queries[0] as Float32Array).length;
  const matrixPath = join(options.workDir, 'numpy-matrix.f32');
  const queriesPath = join(options.workDir, 'numpy-queries.f32');
  try {
    let rows = 0;
    writeFileSync(matrixPath, new Uint8Array());
    for (const block of options.rows) {
      writeFileSync(matrixPath, concatenated(block), { flag: 'a' });
      rows += block.length;
    }
    writeFileSync(queriesPath, concatenated(options.queries));
    const run = spawnSync(python, ['-c', script, matrixPath, queriesPath, String(rows), String(dimensions), String(options.k)], { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
    if (run.status !== 0) return { available: false, reason: `numpy failed: ${(run.stderr || run.error?.message || '').trim().split('\n').pop() ?? ''}` };
    const output = JSON.parse(run.stdout) as { numpy: string; ms: number[] };
    return { available: true, numpyVersion: output.numpy, latency: summarize(output.ms) };
  } finally {
    rmSync(matrixPath, { force: true });
    rmSync(queriesPath, { force: true });
  }
}

function concatenated(vectors: readonly Float32Array[]): Uint8Array {
  const dimensions = vectors[0]?.length ?? 0;
  const all = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, index) => all.set(vector, index * dimensions));
  return new Uint8Array(all.buffer);
}
