import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiaryEntry } from '../../../../shared/contract';
import { useAction, useOperation } from '../../api/context';
import { ErrorState, Loading } from '../../components/states';
import { asLanguage } from '../../i18n/format';
import { ProfilePicker, useProfile } from '../../profile/profile';
import { AddEntry } from './AddEntry';
import { CsvImport } from './CsvImport';
import { addDays, formatDay, isIsoDate, localToday } from './dates';
import { entryAmount, foodName } from './amounts';
import { DayView } from './DayView';
import { TotalsView } from './TotalsView';
import { TargetForm } from './TargetForm';
import { TrendsView } from './TrendsView';

type Tab = 'day' | 'trends' | 'import';
const tabs: readonly Tab[] = ['day', 'trends', 'import'];

/** The food diary: a day with its entries and totals against targets, trends over a period, CSV import. */
export function DiaryScreen() {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const { profile } = useProfile();
  const [tab, setTab] = useState<Tab>('day');
  const [date, setDate] = useState(localToday());
  const [notice, setNotice] = useState<string | null>(null);
  // The entry just removed, kept so "Undo" can log it again as it was (same day, meal, food and amount).
  const [removed, setRemoved] = useState<DiaryEntry | null>(null);
  const [restoring, restore] = useAction('diary.add');
  const [day, reload] = useOperation('diary.day', isIsoDate(date) ? { profile, date } : null, { keepWhileReloading: true });

  function say(message: string) {
    setRemoved(null);
    setNotice(message);
    reload();
  }

  async function undo() {
    if (!removed) return;
    const amount = removed.portion ? { portion: { id: removed.portion.id, quantity: removed.portion.quantity } } : { grams: removed.grams };
    const entry = await restore({ profile, date: removed.date, meal: removed.meal, food: removed.food.code, ...amount });
    if (entry) say(t('diary.restored', { name: foodName(entry.food) }));
  }

  return (
    <section aria-labelledby="diary-title" className="screen">
      <header className="screen-header">
        <h1 id="diary-title">{t('diary.title')}</h1>
        <ProfilePicker />
      </header>
      <div className="day-nav" role="group" aria-label={t('diary.dayNav')}>
        <button type="button" className="secondary small" onClick={() => setDate(addDays(date, -1))}>
          {t('diary.previousDay')}
        </button>
        <label htmlFor="diary-date" className="visually-hidden">
          {t('diary.day')}
        </label>
        <input id="diary-date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        <button type="button" className="secondary small" onClick={() => setDate(addDays(date, 1))}>
          {t('diary.nextDay')}
        </button>
        <button type="button" className="secondary small" onClick={() => setDate(localToday())} disabled={date === localToday()}>
          {t('diary.today')}
        </button>
        {isIsoDate(date) && <span className="day-label">{formatDay(date, language)}</span>}
      </div>
      <div className="tabs" role="group" aria-label={t('diary.views')}>
        {tabs.map((option) => (
          <button key={option} type="button" className={tab === option ? '' : 'secondary'} aria-pressed={tab === option} onClick={() => setTab(option)}>
            {t(`diary.tabs.${option}`)}
          </button>
        ))}
      </div>
      {notice && !removed && (
        <p className="notice notice-ok" role="status">
          {notice}
        </p>
      )}
      {removed && (
        <p className="notice notice-ok undo-notice" role="status">
          {t('diary.removedOne', { name: foodName(removed.food), amount: entryAmount(removed, language) })}{' '}
          <button type="button" className="secondary small" disabled={restoring.state === 'running'} onClick={() => void undo()}>
            {t('diary.undo')}
          </button>
        </p>
      )}
      {restoring.state === 'error' && <ErrorState message={restoring.message} code={restoring.code} />}
      {tab === 'day' &&
        (!isIsoDate(date) ? (
          <p className="field-error">{t('diary.dateInvalid')}</p>
        ) : (
          <div className="diary-day">
            <div>
              <AddEntry profile={profile} date={date} onAdded={say} />
              {day.state === 'loading' && <Loading />}
              {day.state === 'error' && <ErrorState message={day.message} code={day.code} onRetry={reload} />}
              {day.state === 'ready' && (
                <DayView
                  day={day.value}
                  onChanged={say}
                  onRemoved={(entry) => {
                    setNotice(null);
                    setRemoved(entry);
                    reload();
                  }}
                />
              )}
            </div>
            <div>
              {day.state === 'ready' && <TotalsView day={day.value} />}
              <TargetForm profile={profile} date={date} onSaved={say} />
            </div>
          </div>
        ))}
      {tab === 'trends' && <TrendsView profile={profile} endDate={isIsoDate(date) ? date : localToday()} />}
      {tab === 'import' && (
        <CsvImport
          profile={profile}
          onImported={() => {
            reload();
          }}
        />
      )}
    </section>
  );
}
