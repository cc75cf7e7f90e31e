import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Real SQLite files and a real model: files run in parallel, tests within a file in order.
    pool: 'forks',
  },
});
