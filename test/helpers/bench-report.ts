import type { BenchReport } from '../../main/bench/run-bench.js';

/** A bench report of a made-up machine with nothing measured, for testing how sections of it are checked and printed. */
export function benchReport(overrides: Partial<BenchReport>): BenchReport {
  return {
    quick: false,
    machine: { cpus: 2, cpuModel: 'test', memoryGb: 1, node: 'v20', platform: 'linux-x64', loadBefore: [1, 1, 1], loadAfter: [1, 1, 1] },
    memory: { benchPeakRssMb: 100 },
    targets: [],
    skipped: [],
    seconds: 1,
    ...overrides,
  };
}
