import { settingsSchema, type Settings } from '../../shared/settings.js';
import type { SettingsService } from '../core/settings.js';
import type { SettingsRepository } from '../db/repositories/settings-repository.js';
import { AppError } from '../core/errors.js';

/** Settings read back from SQLite are validated like any other input; a bad row falls back to defaults. */
export function createSettingsService(repository: SettingsRepository): SettingsService {
  const listeners: Array<(next: Settings, previous: Settings) => void> = [];
  let current = parseStored(repository.readAll());
  return {
    get: () => current,
    update(patch) {
      const merged: Record<string, unknown> = { ...current };
      for (const [section, values] of Object.entries(patch)) {
        merged[section] = { ...(current as Record<string, object>)[section], ...values };
      }
      const parsed = settingsSchema.safeParse(merged);
      if (!parsed.success) {
        throw new AppError(
          'invalid_input',
          'These settings are not valid.',
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
        );
      }
      repository.writeSections(parsed.data);
      const previous = current;
      current = parsed.data;
      for (const listener of listeners) listener(current, previous);
      return current;
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

function parseStored(stored: Record<string, unknown>): Settings {
  const sections: Record<string, unknown> = {};
  for (const [section, value] of Object.entries(stored)) {
    const single = settingsSchema.shape[section as keyof Settings]?.safeParse(value);
    if (single?.success) sections[section] = single.data;
  }
  return settingsSchema.parse(sections);
}
