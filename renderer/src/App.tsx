import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/settings';
import { useOperation } from './api/context';
import { isFocusSearchShortcut, isTypingTarget, searchTargetAttribute } from './components/shortcuts';
import { AskScreen } from './features/ask/AskScreen';
import { CatalogScreen } from './features/catalog/CatalogScreen';
import { DiaryScreen } from './features/diary/DiaryScreen';
import { FoodsScreen } from './features/foods/FoodsScreen';
import { KbScreen } from './features/kb/KbScreen';
import { ManualsScreen } from './features/manuals/ManualsScreen';
import { SettingsScreen } from './features/settings/SettingsScreen';
import { StatusScreen } from './features/status/StatusScreen';
import { DemoBanner, OnceProfileKnown, ProfileProvider } from './profile/profile';

export const screenIds = ['foods', 'diary', 'ask', 'catalog', 'kb', 'manuals', 'settings', 'status'] as const;
export type ScreenId = (typeof screenIds)[number];
/** The screens that show one profile's data (and so say when it is demo data). */
const profileScreens: readonly ScreenId[] = ['foods', 'diary', 'ask'];

/** The screen a `#/<screen>[/<more>]` fragment names; anything else opens Foods. */
export function screenFromHash(hash: string): ScreenId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] as ScreenId;
  return screenIds.includes(id) ? id : 'foods';
}

/** The shell: navigation between screens, the degraded-mode banner, the search shortcut and the active screen. */
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

  useEffect(() => {
    document.title = `${t(`nav.${screen}`)} · ${t('app.title')}`;
  }, [screen, t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isFocusSearchShortcut(event, isTypingTarget(event.target))) return;
      const target = mainRef.current?.querySelector<HTMLElement>(`[${searchTargetAttribute}]`);
      if (!target) return;
      event.preventDefault();
      target.focus();
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const screens: Record<ScreenId, () => ReactNode> = {
    foods: () => <FoodsScreen />,
    diary: () => <DiaryScreen />,
    ask: () => <AskScreen />,
    catalog: () => <CatalogScreen />,
    kb: () => <KbScreen />,
    manuals: () => <ManualsScreen />,
    settings: () => <SettingsScreen onChange={onSettingsChange} />,
    status: () => <StatusScreen />,
  };

  return (
    <ProfileProvider>
      <div className="shell">
        <a
          className="skip-link"
          href="#main"
          onClick={(event) => {
            event.preventDefault();
            mainRef.current?.focus();
          }}
        >
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
          {profileScreens.includes(screen) && <DemoBanner />}
          {profileScreens.includes(screen) ? <OnceProfileKnown>{screens[screen]()}</OnceProfileKnown> : screens[screen]()}
        </main>
      </div>
    </ProfileProvider>
  );
}
