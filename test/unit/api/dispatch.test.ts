import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/api/dispatch.js';
import type { Handlers } from '../../../main/api/handlers.js';
import { AppError } from '../../../main/core/errors.js';
import { defaultSettings } from '../../../shared/settings.js';

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const settings = defaultSettings();
  return {
    status: () => ({
      app: { version: '0', data_dir: '/d', database: '/d/x', schema_version: 1 },
      embedder: { id: null, mode: 'keyword-only', model_path: null, model_sha256: null, problem: null },
      corpora: [],
    }),
    'settings.get': () => settings,
    'settings.update': () => settings,
    ...overrides,
  } as Handlers;
}

const quiet = () => undefined;
const editor = { transport: 'cli', role: 'editor' } as const;

describe('dispatch', () => {
  it('returns the value of a known operation', async () => {
    const result = await createDispatcher(handlers(), quiet).call('settings.get', {}, editor);
    expect(result).toEqual({ ok: true, value: defaultSettings() });
  });

  it('refuses an unknown operation by name', async () => {
    const result = await createDispatcher(handlers(), quiet).call('drop.tables', {}, editor);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
  });

  it('refuses input that does not match the schema and says where', async () => {
    const result = await createDispatcher(handlers(), quiet).call('settings.update', { foods: { max_dist: 'far' } }, editor);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.details?.[0]).toContain('foods.max_dist');
    }
  });

  it('refuses a write to the viewer role', async () => {
    const result = await createDispatcher(handlers(), quiet).call('settings.update', {}, { transport: 'http', role: 'viewer' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('passes an AppError through with its code', async () => {
    const failing = handlers({
      'settings.get': () => {
        throw new AppError('not_found', 'gone');
      },
    });
    const result = await createDispatcher(failing, quiet).call('settings.get', {}, editor);
    expect(result).toEqual({ ok: false, error: { code: 'not_found', message: 'gone' } });
  });

  it('hides an unexpected exception behind a generic internal error', async () => {
    const failing = handlers({
      'settings.get': () => {
        throw new Error('SQLITE_BUSY at /secret/path');
      },
    });
    const result = await createDispatcher(failing, quiet).call('settings.get', {}, editor);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('internal');
      expect(result.error.message).not.toContain('/secret/path');
    }
  });

  it('starts a write called after reads before them: reads wait for their turn, a write does not', async () => {
    const started: string[] = [];
    const settings = defaultSettings();
    const dispatcher = createDispatcher(
      handlers({
        'settings.get': () => (started.push('read'), settings),
        'settings.update': () => (started.push('write'), settings),
      }),
      quiet,
    );
    const calls = [...Array.from({ length: 3 }, () => dispatcher.call('settings.get', {}, editor)), dispatcher.call('settings.update', {}, editor)];
    const results = await Promise.all(calls);
    expect(started).toEqual(['write', 'read', 'read', 'read']);
    expect(results.every((result) => result.ok)).toBe(true);
  });

  it('rejects an output that breaks the contract instead of sending it', async () => {
    const broken = handlers({ status: () => ({ nonsense: true }) as never });
    const result = await createDispatcher(broken, quiet).call('status', {}, editor);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
