import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, useApi } from '../../api/context';
import { useProfile } from '../../profile/profile';

/** The profiles of this data directory, and a new empty one (its foods and diary are its own). */
export function ProfileSettings() {
  const { t } = useTranslation();
  const api = useApi();
  const { profiles, chooseCreated } = useProfile();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const created = await api.call('profiles.add', { id: id.trim(), ...(name.trim() ? { name: name.trim() } : {}) });
      setAnswer({ ok: true, text: t('settings.profiles.created', { name: created.name }) });
      setId('');
      setName('');
      chooseCreated(created.id);
    } catch (error) {
      setAnswer({ ok: false, text: messageOf(error) });
    }
  }

  return (
    <form className="panel settings-section" aria-labelledby="profiles-title" onSubmit={submit} noValidate>
      <h2 id="profiles-title">{t('settings.profiles.title')}</h2>
      <p className="hint">{t('settings.profiles.help')}</p>
      <ul className="profile-list">
        {profiles.map((profile) => (
          <li key={profile.id}>
            {profile.name} <span className="muted">({profile.id})</span>
            {profile.demo && (
              <>
                {' '}
                <span className="badge badge-demo">{t('profile.demo')}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="form-grid">
        <label htmlFor="profile-new-id">{t('settings.profiles.id')}</label>
        <input id="profile-new-id" value={id} autoComplete="off" onChange={(event) => setId(event.target.value)} />
        <label htmlFor="profile-new-name">{t('settings.profiles.name')}</label>
        <input id="profile-new-name" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="actions">
        <button type="submit">{t('settings.profiles.create')}</button>
        {answer && (
          <span className={answer.ok ? 'notice-ok' : 'notice-error'} role={answer.ok ? 'status' : 'alert'}>
            {answer.text}
          </span>
        )}
      </div>
    </form>
  );
}
