import { chmodSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from './errors.js';

/** The secrets cita knows about: API keys of the optional cloud embedders. */
export const secretNames = ['gemini_api_key', 'voyage_api_key'] as const;
export type SecretName = (typeof secretNames)[number];

/** Environment variables that override the stored secrets (for the CLI, the server and CI). */
export const secretEnvironmentVariables: Record<SecretName, string> = {
  gemini_api_key: 'CITA_GEMINI_API_KEY',
  voyage_api_key: 'CITA_VOYAGE_API_KEY',
};

/**
 * Where API keys live. Values only ever leave through `get` (to the HTTP client that sends them); nothing here
 * logs, prints or returns a key in an error message.
 */
export interface SecretStore {
  /** The secret, or undefined when none is configured. Throws an AppError when the store cannot be trusted. */
  get(name: SecretName): string | undefined;
  /** Stores (or replaces) a secret. */
  set(name: SecretName, value: string): void;
  delete(name: SecretName): void;
  /** Where the secrets come from, for status and error messages (never a value). */
  describe(): string;
  /** The same as data, so a screen can say it in its own language. */
  location(): SecretLocation;
}

/** Where keys are read from: environment variables first, then a file (encrypted with the OS keychain or not). */
export interface SecretLocation {
  variables: string[];
  file: string | null;
  encrypted: boolean;
}

const secretVariables = (): string[] => secretNames.map((name) => secretEnvironmentVariables[name]);

const secretValueSchema = z
  .string()
  .min(8, 'an API key has at least 8 characters')
  .max(512, 'an API key has at most 512 characters')
  .regex(/^[\x21-\x7e]+$/, 'an API key is printable ASCII without spaces');

/** Checks a key where it enters (UI, CLI); the message never repeats the value. */
export function validateSecretValue(value: unknown): string {
  const parsed = secretValueSchema.safeParse(value);
  if (!parsed.success) throw new AppError('invalid_input', `The API key was not stored: ${parsed.error.issues[0]?.message ?? 'invalid value'}.`);
  return parsed.data;
}

/** Writes a secrets file: created 0600 before any byte is written, renamed over the old one so a crash never leaves half a file. */
export function writeSecretsFile(file: string, values: Partial<Record<SecretName, string>>): void {
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

/** Writes `values` back without `name` (through `write`), or removes the file when no key is left. */
export function deleteSecretEntry(file: string, values: Partial<Record<SecretName, string>>, name: SecretName, write: (values: Partial<Record<SecretName, string>>) => void): void {
  if (!(name in values)) return;
  const rest = { ...values };
  delete rest[name];
  if (Object.keys(rest).length === 0) rmSync(file, { force: true });
  else write(rest);
}

/** The file store's name inside the data directory. */
export const secretsFileName = 'secrets.json';

const secretsFileSchema = z.object(Object.fromEntries(secretNames.map((name) => [name, z.string().optional()])) as Record<SecretName, z.ZodOptional<z.ZodString>>).strict();

/** Secrets from environment variables only: read-only. */
export function createEnvironmentSecretStore(environment: NodeJS.ProcessEnv = process.env): SecretStore {
  return {
    get(name) {
      const value = environment[secretEnvironmentVariables[name]]?.trim();
      return value ? value : undefined;
    },
    set() {
      throw new AppError('unavailable', 'Secrets come from environment variables here and cannot be stored.');
    },
    delete() {
      throw new AppError('unavailable', 'Secrets come from environment variables here and cannot be removed.');
    },
    describe: () => `environment (${secretVariables().join(', ')})`,
    location: () => ({ variables: secretVariables(), file: null, encrypted: false }),
  };
}

/**
 * The CLI and server store: environment variables first, then `secrets.json` in the data directory, created with
 * mode 0600. A file that group or others can read is refused (not silently fixed): the key may already have leaked.
 */
export function createFileSecretStore(dataDir: string, environment: NodeJS.ProcessEnv = process.env): SecretStore {
  const file = join(dataDir, secretsFileName);
  const fromEnvironment = createEnvironmentSecretStore(environment);
  let cache: { mtimeMs: number; size: number; values: Partial<Record<SecretName, string>> } | undefined;

  function read(): Partial<Record<SecretName, string>> {
    if (!existsSync(file)) return {};
    const stat = statSync(file);
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
      throw new AppError('unavailable', `Refusing to read ${file}: its mode is ${mode}, so other users can read the API keys in it. ` + `Run "chmod 600 ${file}" and consider replacing the keys.`);
    }
    if (cache && cache.mtimeMs === stat.mtimeMs && cache.size === stat.size) return cache.values;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new AppError('unavailable', `${file} is not valid JSON; fix it or delete it and store the keys again.`);
    }
    const checked = secretsFileSchema.safeParse(parsed);
    // zod's messages name fields, never values, so the reason is safe to show.
    if (!checked.success) throw new AppError('unavailable', `${file} is not a cita secrets file (${checked.error.issues[0]?.message ?? 'unexpected content'}).`);
    cache = { mtimeMs: stat.mtimeMs, size: stat.size, values: checked.data };
    return checked.data;
  }

  function write(values: Partial<Record<SecretName, string>>): void {
    writeSecretsFile(file, values);
    cache = undefined;
  }

  return {
    get(name) {
      return fromEnvironment.get(name) ?? read()[name];
    },
    set(name, value) {
      const checked = validateSecretValue(value);
      write({ ...read(), [name]: checked });
    },
    delete: (name) => deleteSecretEntry(file, read(), name, write),
    describe: () => `${fromEnvironment.describe()}, then ${file}`,
    location: () => ({ variables: secretVariables(), file, encrypted: false }),
  };
}

/** A store in memory, for tests and for callers that inject keys directly. */
export function createMemorySecretStore(initial: Partial<Record<SecretName, string>> = {}): SecretStore {
  const values = new Map<SecretName, string>(Object.entries(initial) as [SecretName, string][]);
  return {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, validateSecretValue(value)),
    delete: (name) => void values.delete(name),
    describe: () => 'memory',
    location: () => ({ variables: [], file: null, encrypted: false }),
  };
}

/** Removes a secret from text; also its URL-encoded form, which is how it would appear in an echoed URL. */
export function redactSecret(text: string, secret: string): string {
  if (secret.length === 0) return text;
  return text.split(secret).join('[redacted]').split(encodeURIComponent(secret)).join('[redacted]');
}
