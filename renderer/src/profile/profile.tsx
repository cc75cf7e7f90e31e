import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../api/context';
import { Loading } from '../components/states';

interface ProfileState {
  profile: string;
  /**
   * Whether the chosen profile is known to be one the data directory has: false only until the first list arrives.
   * A question asked or an entry added before then would go to the empty 'default' profile.
   */
  known: boolean;
  profiles: readonly { id: string; name: string; demo: boolean }[];
  setProfile(profile: string): void;
  /** Reads the list again (after the demo profile is removed). */
  reload(): void;
  /** Reads the list again and chooses a profile just created, which the list read before did not hold. */
  chooseCreated(profile: string): void;
}

const ProfileContext = createContext<ProfileState | null>(null);
const storageKey = 'cita.profile';

/** The profile the foods, diary and ask screens work on: one choice for the whole window, remembered. */
export function ProfileProvider({ children }: { children: ReactNode }) {
  const [list, reload] = useOperation('profiles.list', {});
  const [profile, setProfileState] = useState<string>(() => localStorage.getItem(storageKey) ?? '');
  // A new profile is chosen before the list that holds it arrives: until then the older list must not undo the choice.
  const [created, setCreated] = useState<string | null>(null);
  const profiles = list.state === 'ready' ? list.value : [];
  // Once known, a later reload of the list (after a profile is created or removed) does not hide the screens again.
  const [known, setKnown] = useState(false);
  useEffect(() => {
    if (list.state === 'error' || (list.state === 'ready' && profiles.length === 0)) setKnown(true);
    if (profiles.length === 0) return;
    const listed = profiles.some((candidate) => candidate.id === profile);
    if (listed) setKnown(true);
    if (listed && created === profile) setCreated(null);
    if (!listed && created !== profile) setProfileState(preferredProfile(profiles));
  }, [list.state, profiles, profile, created]);
  const setProfile = (next: string) => {
    localStorage.setItem(storageKey, next);
    setProfileState(next);
  };
  const chooseCreated = (next: string) => {
    setCreated(next);
    setProfile(next);
    reload();
  };
  return <ProfileContext.Provider value={{ profile: profile || 'default', known, profiles, setProfile, reload, chooseCreated }}>{children}</ProfileContext.Provider>;
}

/** The first profile with data of its own (the demo's), else the first one. */
export function preferredProfile(profiles: readonly { id: string }[]): string {
  return (profiles.find((profile) => profile.id !== 'default') ?? profiles[0])?.id ?? 'default';
}

/** The chosen profile and the known ones. */
export function useProfile(): ProfileState {
  const state = useContext(ProfileContext);
  if (!state) throw new Error('useProfile outside ProfileProvider');
  return state;
}

/**
 * A screen that shows or changes one profile's data, shown once the profile is known (a moment after the app
 * opens): until then a question asked would be answered from the empty 'default' profile.
 */
export function OnceProfileKnown({ children }: { children: ReactNode }) {
  const { known } = useProfile();
  return known ? children : <Loading />;
}

/** The profile selector shown on the screens where profiles matter. */
export function ProfilePicker() {
  const { t } = useTranslation();
  const { profile, profiles, setProfile } = useProfile();
  const id = useId();
  if (profiles.length === 0) return null;
  const demo = profiles.some((known) => known.id === profile && known.demo);
  return (
    <div className="profile-picker">
      <label htmlFor={id}>{t('profile.label')}</label>
      <select id={id} value={profile} onChange={(event) => setProfile(event.target.value)}>
        {profiles.map((known) => (
          <option key={known.id} value={known.id}>
            {known.demo ? t('profile.demoOption', { name: known.name }) : known.name}
          </option>
        ))}
      </select>
      {demo && <span className="badge badge-demo">{t('profile.demo')}</span>}
    </div>
  );
}

/** Says, on the screens that show a profile's data, that the chosen profile is demo data and where to remove it. */
export function DemoBanner() {
  const { t } = useTranslation();
  const { profile, profiles } = useProfile();
  if (!profiles.some((known) => known.id === profile && known.demo)) return null;
  return (
    <p className="banner banner-info" role="note">
      {t('profile.demoBanner')} <a href="#/settings">{t('profile.demoRemoveLink')}</a>
    </p>
  );
}
