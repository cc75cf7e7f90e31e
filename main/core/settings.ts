import type { Settings, SettingsPatch } from '../../shared/settings.js';

/** The user's settings as every service reads them, validated, and told when they change; built in main/app/settings-service.ts. */
export interface SettingsService {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
  /** Called after every successful update (e.g. to switch the embedder). */
  onChange(listener: (next: Settings, previous: Settings) => void): void;
}
