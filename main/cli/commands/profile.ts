import { resolve } from 'node:path';
import { profileIdSchema, profileNameSchema, type DemoRemoval } from '../../../shared/contract.js';
import { exportFiles, exportProfile, importProfile } from '../../app/profile-transfer.js';
import { callOperation } from '../call.js';
import { UsageError, type Command } from '../command.js';

/** `cita profile add`: a new, empty profile (the unit of isolation of foods and diary). */
export const profileAddCommand: Command = {
  words: ['profile', 'add'],
  summary: 'Create a profile (its own foods and diary, isolated from every other profile)',
  usage: 'cita profile add ID [--name NAME] [--data-dir DIR] [--json]',
  options: { name: { type: 'string' } },
  async run(context) {
    const [rawId, ...extra] = context.positionals;
    if (rawId === undefined || extra.length > 0) throw new UsageError('give exactly one profile id, e.g. "cita profile add ana --name Ana"');
    const profile = (await callOperation(context, 'profiles.add', { id: rawId, ...(context.values.name !== undefined ? { name: context.values.name } : {}) })) as { id: string; name: string };
    context.print(profile, `created profile ${profile.id} (${profile.name})`);
    return 0;
  },
};

/** `cita profile list`: the profiles of the data directory. */
export const profileListCommand: Command = {
  words: ['profile', 'list'],
  summary: 'List the profiles of this data directory',
  usage: 'cita profile list [--data-dir DIR] [--json]',
  options: {},
  async run(context) {
    if (context.positionals.length > 0) throw new UsageError(`unexpected argument "${context.positionals[0]}"`);
    const profiles = (await callOperation(context, 'profiles.list', {})) as Array<{ id: string; name: string; demo: boolean }>;
    context.print(profiles, profiles.map((profile) => `${profile.id}\t${profile.name}${profile.demo ? '\t(demo data)' : ''}`).join('\n'));
    return 0;
  },
};

/** `cita demo remove`: the demo data goes for good (what Settings → Demo data does in the app). */
export const demoRemoveCommand: Command = {
  words: ['demo', 'remove'],
  summary: 'Remove the demo data (the demo profile with its foods, diary and targets); it is not loaded again',
  usage: 'cita demo remove [--data-dir DIR] [--json]',
  options: {},
  async run(context) {
    if (context.positionals.length > 0) throw new UsageError(`unexpected argument "${context.positionals[0]}"`);
    const removal = (await callOperation(context, 'demo.remove', {})) as DemoRemoval;
    context.print(
      removal,
      removal.removed
        ? `removed the demo data (${removal.profiles.join(', ')}): ${removal.entries} diary entries, ${removal.foods} foods, ${removal.targets} targets`
        : 'there was no demo data to remove',
    );
    return 0;
  },
};

function requiredString(values: Record<string, unknown>, name: string, example: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required, e.g. --${name} ${example}`);
  return value;
}

/** `cita export`: a profile's own foods, diary and targets as CSV files. */
export const exportCommand: Command = {
  words: ['export'],
  summary: `Export a profile's own foods, diary and targets as CSV (${Object.values(exportFiles).join(', ')}) into a directory`,
  usage: 'cita export --profile P --out DIR [--data-dir DIR] [--json]   (DIR must not already hold an export)',
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  async run(context) {
    if (context.positionals.length > 0) throw new UsageError(`unexpected argument "${context.positionals[0]}"`);
    const profile = profileIdSchema.safeParse(requiredString(context.values, 'profile', 'ana'));
    if (!profile.success) throw new UsageError(`--profile: ${profile.error.issues[0]?.message}`);
    const out = resolve(requiredString(context.values, 'out', './ana-export'));
    const result = await exportProfile(await context.services(), profile.data, out);
    context.print(result, `exported profile ${result.profile} to ${result.directory}: ${result.foods} foods, ${result.diary} diary entries, ${result.targets} targets`);
    return 0;
  },
};

/** `cita import-profile`: an export read back into a new or empty profile, all or nothing. */
export const importProfileCommand: Command = {
  words: ['import-profile'],
  summary: 'Import an export (foods.csv, diary.csv, targets.csv) into a new or empty profile, all or nothing',
  usage: 'cita import-profile --profile P --from DIR [--name NAME] [--data-dir DIR] [--json]',
  options: { profile: { type: 'string' }, from: { type: 'string' }, name: { type: 'string' } },
  async run(context) {
    if (context.positionals.length > 0) throw new UsageError(`unexpected argument "${context.positionals[0]}"`);
    const profile = profileIdSchema.safeParse(requiredString(context.values, 'profile', 'ana'));
    if (!profile.success) throw new UsageError(`--profile: ${profile.error.issues[0]?.message}`);
    const name = context.values.name === undefined ? undefined : profileNameSchema.safeParse(context.values.name);
    if (name && !name.success) throw new UsageError(`--name: ${name.error.issues[0]?.message}`);
    const from = resolve(requiredString(context.values, 'from', './ana-export'));
    const result = await importProfile(await context.services(), profile.data, from, name?.success ? { name: name.data } : {});
    context.print(result, `imported into profile ${result.profile}: ${result.foods} foods, ${result.diary} diary entries, ${result.targets} targets`);
    return 0;
  },
};
