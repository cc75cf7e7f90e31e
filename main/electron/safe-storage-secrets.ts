/**
 * The desktop app's SecretStore: API keys encrypted with Electron's safeStorage (the OS keychain: Keychain, DPAPI,
 * libsecret/kwallet), kept as base64 ciphertext in a 0600 file. Electron-only: plain-Node code uses
 * main/core/secrets.ts and never imports this file.
 */
import type { SafeStorage } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { createEnvironmentSecretStore, deleteSecretEntry, secretNames, validateSecretValue, writeSecretsFile, type SecretName, type SecretStore } from '../core/secrets.js';

export interface SafeStorageSecretOptions {
  /** Electron's `safeStorage` (passed in, so tests can use a stand-in and this file needs no Electron at load). */
  safeStorage: Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;
  /** Where the ciphertexts live, e.g. `join(app.getPath('userData'), 'secrets.safe.json')`. */
  file: string;
  /** Warnings (never with a key in them). */
  warn?: (message: string) => void;
  platform?: NodeJS.Platform;
  environment?: NodeJS.ProcessEnv;
}

const ciphertextFileSchema = z
  .object(
    Object.fromEntries(
      secretNames.map((name) => [
        name,
        z
          .string()
          .regex(/^[A-Za-z0-9+/=]*$/)
          .optional(),
      ]),
    ) as Record<SecretName, z.ZodOptional<z.ZodString>>,
  )
  .strict();

/** Environment variables first (as in the CLI), then the safeStorage-encrypted file. */
export function createSafeStorageSecretStore(options: SafeStorageSecretOptions): SecretStore {
  const { safeStorage, file } = options;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const fromEnvironment = createEnvironmentSecretStore(options.environment ?? process.env);
  let warned = false;

  function requireEncryption(): void {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new AppError('unavailable', 'The system keychain is not available, so API keys cannot be stored or read safely.');
    }
    // On Linux without a keyring, Chromium "encrypts" with a hard-coded password: say so once.
    if (!warned && (options.platform ?? process.platform) === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
      warned = true;
      warn('cita: no system keyring (libsecret/kwallet) was found; API keys are stored with weak obfuscation only (safeStorage basic_text).');
    }
  }

  function read(): Partial<Record<SecretName, string>> {
    if (!existsSync(file)) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new AppError('unavailable', `${file} is damaged; store the API keys again.`);
    }
    const checked = ciphertextFileSchema.safeParse(parsed);
    if (!checked.success) throw new AppError('unavailable', `${file} is not a cita secrets file; store the API keys again.`);
    return checked.data;
  }

  return {
    get(name) {
      const fromEnv = fromEnvironment.get(name);
      if (fromEnv) return fromEnv;
      const ciphertext = read()[name];
      if (!ciphertext) return undefined;
      requireEncryption();
      try {
        return safeStorage.decryptString(Buffer.from(ciphertext, 'base64'));
      } catch {
        throw new AppError('unavailable', 'A stored API key could not be decrypted (the keychain changed?); store it again.');
      }
    },
    set(name, value) {
      const checked = validateSecretValue(value);
      requireEncryption();
      writeSecretsFile(file, { ...read(), [name]: safeStorage.encryptString(checked).toString('base64') });
    },
    delete: (name) => deleteSecretEntry(file, read(), name, (values) => writeSecretsFile(file, values)),
    describe: () => `${fromEnvironment.describe()}, then ${file} (encrypted with the system keychain)`,
    location: () => ({ ...fromEnvironment.location(), file, encrypted: true }),
  };
}
