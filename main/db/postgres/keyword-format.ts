import { AppError } from '../../core/errors.js';
import type { PostgresDatabase } from './postgres-database.js';

/**
 * How many rows of `table` hold keyword terms in a format older than `format` (rows this cita derives again when the
 * store opens); refuses (`database_too_new`) when some hold a newer one, which a newer cita wrote and this one cannot
 * read. Both counts read the table's keyword_format index: a database with nothing to derive opens without scanning
 * its rows. `rows` names them in the message ("KB chunks", "catalog fields").
 */
export async function keywordRowsToDerive(database: PostgresDatabase, target: { table: 'kb_chunks' | 'catalog_fields'; format: number; rows: string }): Promise<number> {
  const [state] = await database.query<{ pending: number; newest: number | null }>(
    `SELECT (SELECT count(*)::int FROM ${target.table} WHERE keyword_format < $1) AS pending, (SELECT max(keyword_format)::int FROM ${target.table}) AS newest`,
    [target.format],
  );
  if (state?.newest != null && state.newest > target.format) {
    throw new AppError(
      'database_too_new',
      `The PostgreSQL database ${database.label} holds ${target.rows} whose keyword terms are in format ${state.newest}, but this cita knows formats up to ` +
        `${target.format}. They were written by a newer cita; update cita. Nothing was changed.`,
    );
  }
  return state?.pending ?? 0;
}
