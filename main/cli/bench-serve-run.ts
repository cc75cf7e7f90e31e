import { hashingEmbedder } from '../bench/store-bench-support.js';
import { runCli } from './main.js';

// A process entry for `cita bench` only: `cita serve` whose embedder is the bench's hashing one, so servers started on
// a synthetic catalog embed queries into the space its fields were embedded in (the real model has no vectors there).
process.exitCode = await runCli(process.argv.slice(2), undefined, { embedder: hashingEmbedder(), multilingual: null });
