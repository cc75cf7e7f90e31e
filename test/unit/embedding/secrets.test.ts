import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../main/core/errors.js';
import { createEnvironmentSecretStore, createFileSecretStore, secretsFileName, validateSecretValue } from '../../../main/core/secrets.js';
import { createSafeStorageSecretStore } from '../../../main/electron/safe-storage-secrets.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const key = 'AIzaSECRET-0123456789abcdef';
const posix = process.platform !== 'win32';

function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('the environment secret store', () => {
  it('reads CITA_GEMINI_API_KEY and CITA_VOYAGE_API_KEY, and treats blank as absent', () => {
    const store = createEnvironmentSecretStore({ CITA_GEMINI_API_KEY: ` ${key} `, CITA_VOYAGE_API_KEY: '  ' });
    expect(store.get('gemini_api_key')).toBe(key);
    expect(store.get('voyage_api_key')).toBeUndefined();
    expect(store.describe()).not.toContain(key);
  });
});

describe('the file secret store (CLI and server)', () => {
  it('creates secrets.json with mode 0600 and reads the key back', () => {
    const dataDir = tempDir();
    const store = createFileSecretStore(dataDir, {});
    store.set('voyage_api_key', key);
    const file = join(dataDir, secretsFileName);
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createFileSecretStore(dataDir, {}).get('voyage_api_key')).toBe(key);
    expect(store.get('gemini_api_key')).toBeUndefined();
  });

  it('lets an environment variable override the stored key', () => {
    const dataDir = tempDir();
    createFileSecretStore(dataDir, {}).set('gemini_api_key', key);
    expect(createFileSecretStore(dataDir, { CITA_GEMINI_API_KEY: 'from-the-environment' }).get('gemini_api_key')).toBe('from-the-environment');
  });

  it.runIf(posix)('refuses to read a file that group or others can read, saying how to fix it, without the key', () => {
    const dataDir = tempDir();
    const file = join(dataDir, secretsFileName);
    writeFileSync(file, JSON.stringify({ gemini_api_key: key }));
    chmodSync(file, 0o644);
    const error = thrown(() => createFileSecretStore(dataDir, {}).get('gemini_api_key'));
    expect(error.message).toContain('mode is 644');
    expect(error.message).toContain(`chmod 600 ${file}`);
    expect(error.message).not.toContain(key);
    // Refused, not repaired behind the user's back.
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });

  it('explains a damaged file without quoting it', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, secretsFileName), `{"gemini_api_key": "${key}"`, { mode: 0o600 });
    const error = thrown(() => createFileSecretStore(dataDir, {}).get('gemini_api_key'));
    expect(error.message).toContain('not valid JSON');
    expect(error.message).not.toContain(key);
  });

  it('removes a key, and the file with the last one', () => {
    const dataDir = tempDir();
    const store = createFileSecretStore(dataDir, {});
    store.set('gemini_api_key', key);
    store.set('voyage_api_key', `${key}-2`);
    store.delete('gemini_api_key');
    expect(store.get('gemini_api_key')).toBeUndefined();
    expect(store.get('voyage_api_key')).toBe(`${key}-2`);
    store.delete('voyage_api_key');
    expect(existsSync(join(dataDir, secretsFileName))).toBe(false);
  });

  it('rejects a malformed key without repeating it', () => {
    const error = thrown(() => validateSecretValue('has spaces in it'));
    expect(error.code).toBe('invalid_input');
    expect(error.message).not.toContain('has spaces');
    expect(() => validateSecretValue('short')).toThrow(/at least 8/);
  });
});

/** A stand-in for Electron's safeStorage: reversible, but never the plaintext on disk. */
function fakeSafeStorage(backend: 'basic_text' | 'gnome_libsecret', available = true) {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
    decryptString: (cipher: Buffer) => Buffer.from(cipher.map((byte) => byte ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

describe('the Electron safeStorage secret store', () => {
  it('stores only ciphertext on disk (0600) and decrypts it back', () => {
    const file = join(tempDir(), 'secrets.safe.json');
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage('gnome_libsecret'), file, platform: 'linux', environment: {} });
    store.set('gemini_api_key', key);
    expect(readFileSync(file, 'utf8')).not.toContain(key);
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(store.get('gemini_api_key')).toBe(key);
  });

  it('warns once on Linux when the only backend is basic_text, and not with a real keyring', () => {
    const warn = vi.fn();
    const weak = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage('basic_text'), file: join(tempDir(), 's.json'), platform: 'linux', warn, environment: {} });
    weak.set('voyage_api_key', key);
    weak.get('voyage_api_key');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('basic_text');
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(key);

    const quiet = vi.fn();
    createSafeStorageSecretStore({ safeStorage: fakeSafeStorage('gnome_libsecret'), file: join(tempDir(), 's.json'), platform: 'linux', warn: quiet, environment: {} }).set('voyage_api_key', key);
    expect(quiet).not.toHaveBeenCalled();
  });

  it('refuses to store a key when no encryption is available', () => {
    const file = join(tempDir(), 's.json');
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage('gnome_libsecret', false), file, environment: {} });
    expect(thrown(() => store.set('gemini_api_key', key)).message).toContain('keychain is not available');
    expect(existsSync(file)).toBe(false);
  });
});
