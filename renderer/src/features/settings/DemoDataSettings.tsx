import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, useApi } from '../../api/context';
import { useProfile } from '../../profile/profile';

/** The demo data a new data directory starts with: what it is, and removing it for good (after a confirmation). */
export function DemoDataSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const { profiles, reload } = useProfile();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const demo = profiles.filter((profile) => profile.demo);
  if (demo.length === 0 && !answer) return null;

  async function remove() {
    setBusy(true);
    try {
      const removal = await api.call('demo.remove', {});
      setAnswer({ ok: true, text: t('settings.demo.removed', { entries: removal.entries, foods: removal.foods }) });
      reload();
    } catch (error) {
      setAnswer({ ok: false, text: messageOf(error) });
    }
    setBusy(false);
    setConfirming(false);
  }

  return (
    <section className="panel settings-section" aria-labelledby="demo-data-title">
      <h2 id="demo-data-title">{t('settings.demo.title')}</h2>
      {demo.length > 0 && (
        <>
          <p className="hint">{t('settings.demo.help', { names: demo.map((profile) => profile.name).join(', ') })}</p>
          <div className="actions">
            {confirming ? (
              <>
                <span role="alert">{t('settings.demo.confirm')}</span>
                <button type="button" disabled={busy} onClick={() => void remove()}>
                  {t('settings.demo.confirmRemove')}
                </button>
                <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(false)}>
                  {t('app.cancel')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirming(true)}>
                {t('settings.demo.remove')}
              </button>
            )}
          </div>
        </>
      )}
      {answer && (
        <p className={answer.ok ? 'notice-ok' : 'notice-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.text}
        </p>
      )}
    </section>
  );
}
