import type { Command } from '../command.js';
import { askCommand } from './ask.js';
import { backupCommand } from './backup.js';
import { benchCommand } from './bench.js';
import { diaryAddCommand, diaryDayCommand, diaryImportCommand, diaryTargetCommand } from './diary.js';
import { demoRemoveCommand, exportCommand, importProfileCommand, profileAddCommand, profileListCommand } from './profile.js';
import { restoreCommand } from './restore.js';
import { evalCommand } from './eval.js';
import { foodAddCommand } from './food.js';
import { ingestCommand } from './ingest.js';
import { modelFetchCommand } from './model.js';
import { reembedCommand } from './reembed.js';
import { searchCommand } from './search.js';
import { seedCommand } from './seed.js';
import { serveCommand } from './serve.js';
import { statusCommand } from './status.js';
import { tokenCommand, tokenRevokeCommand } from './token.js';

/** Every `cita` command, in the order `--help` lists them. */
export const commands: Command[] = [
  seedCommand,
  statusCommand,
  ingestCommand,
  searchCommand,
  askCommand,
  foodAddCommand,
  diaryAddCommand,
  diaryImportCommand,
  diaryDayCommand,
  diaryTargetCommand,
  reembedCommand,
  modelFetchCommand,
  evalCommand,
  benchCommand,
  serveCommand,
  tokenCommand,
  tokenRevokeCommand,
  profileAddCommand,
  profileListCommand,
  demoRemoveCommand,
  backupCommand,
  restoreCommand,
  exportCommand,
  importProfileCommand,
];
