import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { defaultSettings, type Settings } from '../../shared/settings';
import { createApiClient } from './api/client';
import { ApiProvider } from './api/context';
import { detectTransport } from './api/transport';
import { App } from './App';
import { AccessNeeded } from './components/AccessNeeded';
import { createI18n, systemLanguage, type Language } from './i18n';
import './styles.css';

function languageOf(settings: Settings | null): Language {
  const chosen = settings?.ui.language ?? 'system';
  return chosen === 'system' ? systemLanguage(navigator.languages) : chosen;
}

function applyTheme(settings: Settings | null): void {
  const theme = settings?.ui.theme ?? 'system';
  document.documentElement.dataset.theme = theme;
}

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const transport = detectTransport(location, sessionStorage);
  if ('missingToken' in transport) {
    const language = systemLanguage(navigator.languages);
    document.documentElement.lang = language;
    applyTheme(null);
    root.render(<AccessNeeded i18n={await createI18n(language)} language={language} origin={location.origin} />);
    return;
  }
  const client = createApiClient(transport);
  const settings = await client.call('settings.get', {}).catch(() => null);
  const i18n = await createI18n(languageOf(settings));
  const onSettingsChange = (next: Settings) => {
    applyTheme(next);
    const language = languageOf(next);
    document.documentElement.lang = language;
    void i18n.changeLanguage(language);
  };
  onSettingsChange(settings ?? defaultSettings());
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ApiProvider client={client}>
          <App onSettingsChange={onSettingsChange} />
        </ApiProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
