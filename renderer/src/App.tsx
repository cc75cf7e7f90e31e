import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/settings';
import { useOperation } from './api/context';
import { Empty } from './components/states';
import { SettingsScreen } from './features/settings/SettingsScreen';
import { StatusScreen } from './features/status/StatusScreen';

export const screenIds = ['foods', 'diary', 'ask', 'catalog', 'kb', 'settings', 'status'] as const;
export type ScreenId = (typeof screenIds)[number];

function screenFromHash(hash: string): ScreenId {
  const id = hash.replace(/^#\/?/, '') as ScreenId;
  return screenIds.includes(id) ? id : 'foods';
}

/** The shell: navigation between screens, the degraded-mode banner, and the active screen. */
export function App({ onSettingsChange }: { onSettingsChange: (settings: Settings) => void }) {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<ScreenId>(() => screenFromHash(location.hash));
  const [status] = useOperation('status', {});
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onHash = () => setScreen(screenFromHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const screens: Record<ScreenId, ReactNode> = {
    foods: <Empty message={t('screens.notYet')} />,
    diary: <Empty message={t('screens.notYet')} />,
    ask: <Empty message={t('screens.notYet')} />,
    catalog: <Empty message={t('screens.notYet')} />,
    kb: <Empty message={t('screens.notYet')} />,
    settings: <SettingsScreen onChange={onSettingsChange} />,
    status: <StatusScreen />,
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={() => mainRef.current?.focus()}>
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">{t('app.title')}</span>
        <span className="tagline">{t('app.tagline')}</span>
      </header>
      <nav className="sidebar" aria-label={t('nav.label')}>
        <ul>
          {screenIds.map((id) => (
            <li key={id}>
              <a href={`#/${id}`} aria-current={screen === id ? 'page' : undefined}>
                {t(`nav.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={mainRef} tabIndex={-1} className="content">
        {status.state === 'ready' && status.value.embedder.mode === 'keyword-only' && (
          <p className="banner banner-warning" role="status">
            {t('app.degraded', { reason: status.value.embedder.problem ?? '—' })}
          </p>
        )}
        {screens[screen]}
      </main>
    </div>
  );
}
