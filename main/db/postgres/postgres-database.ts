import { join } from 'node:path';
import pg from 'pg';
import { AppError } from '../../core/errors.js';
import { packageRoot } from '../../paths.js';
import { loadMigrations, type Migration } from '../migrator.js';

/** The oldest PostgreSQL cita runs on (generated columns, `jsonb`, pgvector's HNSW). */
export const minimumPostgresVersion = 150000;

/** Extensions the PostgreSQL store needs; a superuser creates them (README "PostgreSQL (teams)"). */
export const requiredExtensions = ['vector', 'pg_trgm'] as const;

/** A pool of connections to one PostgreSQL database, with cita's schema applied. */
export interface PostgresDatabase {
  readonly pool: pg.Pool;
  /** The URL without its password, for status lines and messages. */
  readonly label: string;
  /** One statement; a SELECT whose connection is lost runs once more on another, as a read-only transaction does. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /**
   * Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. A
   * `readOnly` transaction is refused any write by the server; one whose connection is lost runs once more on another
   * (`work` may so run twice), and a second loss is told as a failed read.
   */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  /**
   * Runs `work` on one connection outside any transaction, each statement committing on its own: for what lives as
   * long as the session (an advisory lock held through a long load, settings for one index build).
   */
  session<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenPostgresOptions {
  migrations?: readonly Migration[];
  /** Stop at this schema version (migration tests). */
  upTo?: number;
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

/** The shipped PostgreSQL migrations (`migrations/postgres/`, beside the SQLite ones). */
export function shippedPostgresMigrations(): Migration[] {
  return loadMigrations(join(packageRoot(), 'migrations', 'postgres'));
}

/** Query parameters of a connection URL that hold a secret (pg reads both; libpq's sslpassword unlocks the key). */
const secretParameters = ['password', 'sslpassword'];

/** A PostgreSQL URL with its password replaced (in the URL's user part or its query), safe to print. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const name of [...parsed.searchParams.keys()]) {
      if (secretParameters.includes(name.toLowerCase())) parsed.searchParams.set(name, '***');
    }
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL given';
  }
}

/** Whether a --database value names PostgreSQL. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//.test(value);
}

// int8 (ids, counts) as numbers: cita's ids and counts stay far below 2^53. Per pool, not pg's global parsers.
const int8 = 20;
const numberTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === int8 && format !== 'binary') return (value: string) => Number(value);
    // pg's own parser for every other type (its declared return is loose: the value is passed through unchanged).
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  }) as typeof pg.types.getTypeParser,
};

/**
 * Connects to `url`, checks the server (PostgreSQL ≥ 15, pgvector and pg_trgm installed) and applies pending
 * migrations under an advisory lock, so several cita processes starting together migrate once. Every failure is one
 * line a user can act on; nothing is changed before the checks pass.
 */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<PostgresDatabase> {
  const label = redactedUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000, types: numberTypes });
  // An idle connection the server dropped must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const database = wrap(pool, label);
  try {
    // The pool itself, not `database`: an unreachable server is this message, not a lost connection.
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new AppError('unavailable', `Cannot reach the PostgreSQL database ${label}: ${(error as Error).message}.`);
  }
  try {
    await checkServer(database);
    await migratePostgres(database, options.migrations ?? shippedPostgresMigrations(), options.upTo);
    return database;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** SQLSTATEs and socket errors that mean the connection itself is gone (class 08, a server shutting down or killing it). */
const lostConnectionCodes = /^(?:08[0-9A-Z]{3}|57P0[123]|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)$/;
/** What pg says, without a code, when the socket closed under it or a broken client is used again. */
const lostConnectionMessages = /Connection terminated|not queryable|timeout exceeded when trying to connect/;

/**
 * When a connection was lost: during a transaction's work (rolled back with it), while a change was committing (a
 * transaction's COMMIT, or a single write statement that commits on its own: the server may have committed before
 * the connection went), or during a read (nothing to save).
 */
export type LostDuring = 'work' | 'commit' | 'read';

/**
 * The connection to PostgreSQL is gone or was refused (lostConnection's error): the database does not answer, as
 * opposed to a failure of cita's own. A reader with something else to show (the foods search: the shipped foods) may
 * tell it apart and carry on.
 */
export class ConnectionLostError extends AppError {}

/**
 * A failure of the connection (the server restarted, a network cut, an administrator's `pg_terminate_backend`), as
 * one line a user can act on; undefined for anything else (a constraint, a syntax error: those are cita's to report).
 * The transaction that was open is gone with its connection, so nothing of it was kept. The line names no host, user
 * or database: the dispatcher hands it to every caller, a profile-bound token too.
 */
export function lostConnection(error: unknown, during: LostDuring = 'work'): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  const message = String((error as Error | null)?.message ?? error).split('\n')[0] ?? '';
  if (!(typeof code === 'string' && lostConnectionCodes.test(code)) && !lostConnectionMessages.test(message)) return undefined;
  const lost = `Lost the connection to the PostgreSQL database (${message})`;
  if (during === 'read') return new ConnectionLostError('unavailable', `${lost} while reading; the read failed and nothing was changed. Run the command again.`);
  // Lost while the change was committing, the server may have committed before the connection went: say so, not "rolled back".
  if (during === 'commit') {
    return new ConnectionLostError(
      'unavailable',
      `${lost} while committing; the change may or may not have been saved. ` + 'Look before running the command again (an ingest is safe to repeat; an added diary entry would be added twice).',
    );
  }
  return new ConnectionLostError('unavailable', `${lost}; what was not committed was rolled back. Run the command again: an ingest is safe to repeat and carries on where it stopped.`);
}

/** A statement that only reads (a write, or a `WITH` that may hold one, counts as a change). */
const readStatement = /^\s*SELECT\b/i;

function wrap(pool: pg.Pool, label: string): PostgresDatabase {
  const ignore = () => undefined;
  /** Failures to get a connection at all: the server is down or unreachable, and asking again would only wait again. */
  const notConnected = new WeakSet<Error>();
  /** A connection of the pool; a failure to get one means nothing was sent. */
  async function checkout(reads: boolean): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      const lost = lostConnection(error, reads ? 'read' : 'work');
      if (lost) notConnected.add(lost);
      throw lost ?? error;
    }
    // A connection dropped while checked out emits 'error' on the client, not the pool: unheard, it would end the process.
    client.on('error', ignore);
    return client;
  }
  /** Hands the connection back; a broken one is closed, not handed to the next caller. */
  function release(client: pg.PoolClient, broken: Error | undefined): void {
    client.off('error', ignore);
    client.release(broken);
  }
  /**
   * A read whose connection was lost once the pool had handed it out runs once more, on another connection. The pool
   * learns that an idle connection was dropped (a server restart, an administrator's `pg_terminate_backend`) only when
   * it is used, and a read changes nothing, so the first search after a restart is answered, not refused. A second
   * loss is reported, and so is a failure to connect at all.
   */
  async function readTwice<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ConnectionLostError) || notConnected.has(error)) throw error;
      return read();
    }
  }
  return {
    pool,
    label,
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const reads = readStatement.test(text);
      const once = async () => {
        const client = await checkout(reads);
        let broken: Error | undefined;
        try {
          return (await client.query<Row>(text, values)).rows;
        } catch (error) {
          // A write on its own commits as it runs: once sent, it may have been saved.
          broken = lostConnection(error, reads ? 'read' : 'commit');
          throw broken ?? error;
        } finally {
          release(client, broken);
        }
      };
      return reads ? readTwice(once) : once();
    },
    async transaction(work, options = {}) {
      const once = async () => {
        const client = await checkout(options.readOnly === true);
        let broken: Error | undefined;
        let during: LostDuring = options.readOnly ? 'read' : 'work';
        try {
          await client.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
          const result = await work(client);
          if (!options.readOnly) during = 'commit';
          await client.query('COMMIT');
          return result;
        } catch (error) {
          const lost = lostConnection(error, during);
          if (lost) broken = lost;
          else await client.query('ROLLBACK').catch(() => undefined);
          throw lost ?? error;
        } finally {
          release(client, broken);
        }
      };
      return options.readOnly ? readTwice(once) : once();
    },
    async session(work) {
      const client = await checkout(false);
      let broken: Error | undefined;
      try {
        return await work(client);
      } catch (error) {
        broken = lostConnection(error, 'work');
        throw broken ?? error;
      } finally {
        // Closed, not handed back: what the work set for its session (locks, settings) ends with it.
        release(client, broken ?? new Error('session ended'));
      }
    },
    close: () => pool.end(),
  };
}

async function checkServer(database: PostgresDatabase): Promise<void> {
  const [server] = await database.query<{ version: string }>("SELECT current_setting('server_version_num') AS version");
  if (Number(server?.version) < minimumPostgresVersion) {
    throw new AppError('unavailable', `The PostgreSQL server of ${database.label} is version ${server?.version}; cita needs PostgreSQL 15 or later.`);
  }
  const installed = new Set((await database.query<{ extname: string }>('SELECT extname FROM pg_extension')).map((row) => row.extname));
  const missing = requiredExtensions.filter((name) => !installed.has(name));
  if (missing.length === 0) return;
  const available = new Set((await database.query<{ name: string }>('SELECT name FROM pg_available_extensions')).map((row) => row.name));
  const absent = missing.filter((name) => !available.has(name));
  if (absent.length > 0) {
    throw new AppError('unavailable', `The PostgreSQL server of ${database.label} has no ${absent.join(' or ')} extension; install pgvector (and contrib's pg_trgm) on it.`);
  }
  try {
    // Under the migration lock: two processes creating the same extension at once collide otherwise.
    await database.transaction(async (client) => {
      await client.query(migrationLock);
      for (const name of missing) await client.query(`CREATE EXTENSION IF NOT EXISTS ${name}`);
    });
  } catch (error) {
    throw new AppError(
      'unavailable',
      `The database ${database.label} lacks the ${missing.join(' and ')} extension and cita may not create it (${(error as Error).message}); ` +
        `a superuser runs: ${missing.map((name) => `CREATE EXTENSION ${name};`).join(' ')}`,
    );
  }
}

/** Held (for one transaction) while cita changes the schema or creates an extension, by any process. */
const migrationLock = "SELECT pg_advisory_xact_lock(hashtext('cita_schema'))";

const schemaTable = 'CREATE TABLE IF NOT EXISTS cita_schema (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())';

/** The schema version cita recorded in the database (0 before the first migration). */
export async function postgresSchemaVersion(database: Pick<PostgresDatabase, 'query'>): Promise<number> {
  const [table] = await database.query<{ found: string | null }>("SELECT to_regclass('cita_schema')::text AS found");
  if (!table?.found) return 0;
  const [row] = await database.query<{ version: number | null }>('SELECT max(version) AS version FROM cita_schema');
  return row?.version ?? 0;
}

/**
 * Applies pending migrations, each in its own transaction with its row in `cita_schema`, under a transaction-level
 * advisory lock (another process migrating waits, then finds nothing left to do). A database written by a newer
 * cita is refused before anything is changed.
 */
export async function migratePostgres(database: PostgresDatabase, migrations: readonly Migration[], upTo = migrations.length): Promise<number[]> {
  const current = await postgresSchemaVersion(database);
  if (current > migrations.length) {
    throw new AppError(
      'database_too_new',
      `The PostgreSQL database ${database.label} has schema version ${current}, but this cita knows versions up to ${migrations.length}. ` +
        'It was written by a newer cita; update cita. Nothing was changed.',
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version > upTo) break;
    const done = await database.transaction(async (client) => {
      await client.query(migrationLock);
      await client.query(schemaTable);
      const seen = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM cita_schema');
      if ((seen.rows[0]?.version ?? 0) >= migration.version) return false;
      await client.query(migration.sql);
      await client.query('INSERT INTO cita_schema (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
