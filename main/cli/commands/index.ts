import type { Command } from '../command.js';
import { askCommand } from './ask.js';
import { diaryAddCommand, diaryDayCommand, diaryImportCommand, diaryTargetCommand } from './diary.js';
import { evalCommand } from './eval.js';
import { foodAddCommand } from './food.js';
import { ingestCommand } from './ingest.js';
import { reembedCommand } from './reembed.js';
import { searchCommand } from './search.js';
import { seedCommand } from './seed.js';
import { serveCommand } from './serve.js';
import { statusCommand } from './status.js';
import { tokenCommand } from './token.js';

/** Every `cita` command, in the order `--help` lists them. */
export const commands: Command[] = [seedCommand, statusCommand, ingestCommand, searchCommand, askCommand, foodAddCommand, diaryAddCommand, diaryImportCommand, diaryDayCommand, diaryTargetCommand, reembedCommand, evalCommand, serveCommand, tokenCommand];
