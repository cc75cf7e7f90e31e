import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings, SettingsPatch } from '../../../../shared/settings';
import { messageOf, useApi, useOperation } from '../../api/context';
import { ErrorState, Loading } from '../../components/states';
import { ApiKeySettings } from './ApiKeySettings';
import { DemoDataSettings } from './DemoDataSettings';
import { ProfileSettings } from './ProfileSettings';
import { ReembedOffer } from './ReembedOffer';
import { SearchSettingsForm } from './SearchSettingsForm';
import type { SaveResult } from './save-result';

/**
 * Plain choices first (language and theme, which apply at once; the search model with the one in use and an offer
 * to re-embed; cloud keys), then profiles and demo data; retrieval tuning, catalog, KB and LLM settings sit behind
 * "Advanced" in the search form, which has one Save.
 */
export function SettingsScreen({ onChange }: { onChange: (settings: Settings) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [loaded, reload] = useOperation('settings.get', {});
  const [status, reloadStatus] = useOperation('status', {}, { keepWhileReloading: true });
  const [embedderChanged, setEmbedderChanged] = useState(false);
  const onCounts = useCallback(() => reloadStatus(), [reloadStatus]);
  // Kept here after each save, so saving never flashes the screen back to "loading" and focus stays put.
  const [current, setCurrent] = useState<Settings | null>(null);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorState message={loaded.message} code={loaded.code} onRetry={reload} />;
  const settings = current ?? loaded.value;

  async function save(patch: SettingsPatch): Promise<SaveResult> {
    try {
      const next = await api.call('settings.update', patch);
      setCurrent(next);
      onChange(next);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }

  return (
    <section aria-labelledby="settings-title" className="screen settings">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <AppearanceSettings settings={settings} save={save} />
      <SearchSettingsForm
        settings={settings}
        status={status.state === 'ready' ? status.value : null}
        save={async (patch) => {
          const result = await save(patch);
          reloadStatus();
          return result;
        }}
        onEmbedderChanged={() => setEmbedderChanged(true)}
      />
      {status.state === 'ready' && <ReembedOffer status={status.value} changed={embedderChanged} onCounts={onCounts} />}
      <ApiKeySettings
        onStored={() => {
          reloadStatus();
          setEmbedderChanged(true);
        }}
      />
      <ProfileSettings />
      <DemoDataSettings />
    </section>
  );
}

type SectionProps = { settings: Settings; save: (patch: SettingsPatch) => Promise<SaveResult> };

/** Language and theme apply at once (and are saved), so the effect is visible while choosing. */
function AppearanceSettings({ settings, save }: SectionProps) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SaveResult | null>(null);
  const apply = async (patch: Partial<Settings['ui']>) => setAnswer(await save({ ui: patch }));
  return (
    <div className="panel settings-section" role="group" aria-labelledby="settings-appearance">
      <h2 id="settings-appearance">{t('settings.appearance')}</h2>
      <div className="form-grid">
        <label htmlFor="setting-language">{t('settings.language')}</label>
        <select id="setting-language" value={settings.ui.language} onChange={(event) => void apply({ language: event.target.value as Settings['ui']['language'] })}>
          <option value="system">{t('settings.system')}</option>
          <option value="en" lang="en">
            English
          </option>
          <option value="es" lang="es">
            Español
          </option>
        </select>
        <label htmlFor="setting-theme">{t('settings.theme')}</label>
        <select id="setting-theme" value={settings.ui.theme} onChange={(event) => void apply({ theme: event.target.value as Settings['ui']['theme'] })}>
          <option value="system">{t('settings.system')}</option>
          <option value="light">{t('settings.light')}</option>
          <option value="dark">{t('settings.dark')}</option>
        </select>
      </div>
      {answer && (
        <p className={answer.ok ? 'notice notice-ok' : 'notice notice-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.ok ? t('settings.saved') : answer.message}
        </p>
      )}
    </div>
  );
}
