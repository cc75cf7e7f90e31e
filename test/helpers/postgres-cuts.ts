/**
 * Dropping a connection of cita's at a chosen statement, as a server restart or an administrator's
 * `pg_terminate_backend` would: what the PostgreSQL stores' bad-input tests (catalog and KB) do to a running write.
 */
import pg from 'pg';
import type { Embedder } from '../../main/embedding/embedder.js';

/** Runs `work` on one connection of its own to `url`, closed after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The number of rows of `table`. */
export async function count(url: string, table: string): Promise<number> {
  return withClient(url, async (client) => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n));
}

/**
 * Holds `table` locked against writes from a connection of its own until a backend of `url`'s database is seen
 * waiting for it on a statement like `statement`; then terminates that backend (as an administrator would, or a
 * server restart) and lets go. Resolves once the lock is held, with a promise of the terminated backend's pid.
 */
export async function dropConnectionWhenBlocked(url: string, table: string, statement: string): Promise<{ dropped: Promise<number> }> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
  const dropped = (async () => {
    try {
      for (let attempt = 0; attempt < 1200; attempt += 1) {
        // Inside a transaction pg_stat_activity is read once and kept; each look must be a fresh one.
        await holder.query('SELECT pg_stat_clear_snapshot()');
        const [blocked] = (
          await holder.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE $1`, [
            `${statement}%`,
          ])
        ).rows;
        if (blocked) {
          await holder.query('SELECT pg_terminate_backend($1)', [blocked.pid]);
          return blocked.pid;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no backend waited on ${table} for "${statement}"`);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  })();
  return { dropped };
}

/**
 * `inner`, except that its third batch's vectors are held back until `table` is locked: their write then waits, and
 * its connection is cut. `dropped` resolves to the process id of the backend it cut (a PostgreSQL pid is
 * positive), once the cut happened, and rejects when no write waited on the table.
 */
export function cutOnThirdBatch(inner: Embedder, url: string, table: string): { embedder: Embedder; dropped: () => Promise<number> } {
  let batches = 0;
  let armed: Promise<{ dropped: Promise<number> }> | undefined;
  const embedder: Embedder = {
    ...inner,
    async embedDocuments(texts) {
      batches += 1;
      if (batches === 3) {
        armed = dropConnectionWhenBlocked(url, table, `INSERT INTO ${table}`);
        await armed;
      }
      return inner.embedDocuments(texts);
    },
  };
  return { embedder, dropped: async () => (await (armed as Promise<{ dropped: Promise<number> }>)).dropped };
}
