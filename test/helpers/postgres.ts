import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/** The PostgreSQL (≥ 15, pgvector, pg_trgm, a user that may create databases) the PostgreSQL tests run against. */
export const testDatabaseUrl = process.env.CITA_TEST_DATABASE_URL || undefined;
const inCi = process.env.CI === 'true';

/**
 * Call once at the top of a PostgreSQL test file: outside CI, no CITA_TEST_DATABASE_URL skips its tests with a loud
 * message; under CI=true it is a failing test (.ci/run starts one with scripts/pg-test-server.sh). Returns whether
 * to run them.
 */
export function postgresTests(what: string): boolean {
  if (!testDatabaseUrl && !inCi) {
    const line = '!'.repeat(100);
    console.warn(
      `\n${line}\n!!! SKIPPING ${what}: no PostgreSQL. Start one with \`scripts/pg-test-server.sh start /tmp/cita-pg\` and set ` +
        `CITA_TEST_DATABASE_URL to the URL it prints; under CI=true this fails.\n${line}\n`,
    );
  }
  describe(`${what}: a PostgreSQL with pgvector`, () => {
    it.runIf(inCi)('is running in CI', () => {
      expect(testDatabaseUrl, 'CI=true but CITA_TEST_DATABASE_URL is not set: .ci/run starts PostgreSQL with scripts/pg-test-server.sh').toBeTruthy();
    });
  });
  return testDatabaseUrl !== undefined;
}

/** The rows of one statement, on a connection of its own (closed after it). */
export async function queryRows<Row extends pg.QueryResultRow>(url: string, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, parameters)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server. */
export function databaseUrlNamed(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Fresh, empty databases on the test server, one per call, dropped after the file's tests: each test file (and each
 * test that wants one) starts from nothing, whatever ran before.
 */
export function usePostgresDatabases(): () => Promise<string> {
  const created: string[] = [];
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl });
  afterAll(async () => {
    if (created.length === 0) return;
    const client = admin();
    await client.connect();
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return async () => {
    const name = `cita_test_${process.pid}_${Date.now().toString(36)}_${created.length}`;
    const client = admin();
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    created.push(name);
    return databaseUrlNamed(testDatabaseUrl as string, name);
  };
}
