import { existsSync } from 'node:fs';
import { backupDatabase, defaultBackupsKept } from '../../app/backup.js';
import { databaseFileOf } from '../../app/bootstrap.js';
import { AppError } from '../../core/errors.js';
import { openDatabase } from '../../db/connection.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita backup`: a consistent copy of the database under <data-dir>/backups, keeping the newest N. */
export const backupCommand: Command = {
  words: ['backup'],
  summary: 'Back up the database (online, consistent) to <data-dir>/backups, keeping the newest N',
  usage: `cita backup [--keep N] [--data-dir DIR] [--json]   (default: keep ${defaultBackupsKept})`,
  options: { keep: { type: 'string' } },
  async run(context) {
    if (context.positionals.length > 0) throw new UsageError(`unexpected argument "${context.positionals[0]}"`);
    const keep = integerFlag(context.values, 'keep', { min: 1, max: 10_000 }) ?? defaultBackupsKept;
    const databaseFile = databaseFileOf(context.dataDir);
    if (!existsSync(databaseFile)) throw new AppError('not_found', `There is no database in ${context.dataDir} to back up.`);
    const db = openDatabase(databaseFile);
    try {
      const result = await backupDatabase(db, context.dataDir, { keep });
      context.print(result, `backed up to ${result.backup.file} (${result.backup.bytes} bytes, schema ${result.schema_version}); ` + `${result.kept} kept, ${result.removed.length} older removed`);
      return 0;
    } finally {
      db.close();
    }
  },
};
