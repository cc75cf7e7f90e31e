import { restoreDatabase } from '../../app/backup.js';
import { databaseFileOf } from '../../app/bootstrap.js';
import { UsageError, type Command } from '../command.js';

/** `cita restore FILE`: replaces the database with a checked backup, saving the current one first. */
export const restoreCommand: Command = {
  words: ['restore'],
  summary: 'Replace the database with a backup (checked first; the current database is saved as a backup); close the app first',
  usage: 'cita restore FILE [--data-dir DIR] [--json]',
  options: {},
  async run(context) {
    const [file, ...extra] = context.positionals;
    if (file === undefined || extra.length > 0) throw new UsageError('give exactly one backup file, e.g. "cita restore ~/.config/cita/backups/cita-….sqlite"');
    const result = await restoreDatabase({ dataDir: context.dataDir, databaseFile: databaseFileOf(context.dataDir), file });
    context.print(
      result,
      `restored ${result.restored_from} (schema ${result.schema_version_before} → ${result.schema_version})` + (result.saved ? `; the previous database is saved as ${result.saved.file}` : ''),
    );
    return 0;
  },
};
