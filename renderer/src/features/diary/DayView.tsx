import { useTranslation } from 'react-i18next';
import type { DiaryDay, DiaryEntry } from '../../../../shared/contract';
import { useAction } from '../../api/context';
import { Empty, ErrorState } from '../../components/states';
import { asLanguage, formatAmount, formatNumber, nutrientLabel, nutrientOrder } from '../../i18n/format';

const entryColumns = ['energy_kcal', 'protein', 'sodium'] as const;

/** One day of the diary: entries by meal with their nutrients (from the views), and each entry's remove button. */
export function DayView({ day, onChanged }: { day: DiaryDay; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [removal, remove] = useAction('diary.remove');
  const total = day.meals.reduce((sum, meal) => sum + meal.entries.length, 0);

  async function removeEntry(entry: DiaryEntry) {
    if (await remove({ profile: day.profile, id: entry.id })) onChanged();
  }

  return (
    <section aria-labelledby="diary-day-title">
      <h2 id="diary-day-title">{t('diary.entries')}</h2>
      {removal.state === 'error' && <ErrorState message={removal.message} code={removal.code} />}
      {total === 0 && <Empty message={t('diary.emptyDay')} />}
      {day.meals
        .filter((meal) => meal.entries.length > 0)
        .map((meal) => (
          <table key={meal.meal} className="table compact meal-table" data-meal={meal.meal}>
            <caption>{t(`diary.meals.${meal.meal}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('diary.food')}</th>
                <th scope="col" className="number">{t('diary.grams')}</th>
                {entryColumns.map((key) => (
                  <th key={key} scope="col" className="number">
                    {nutrientLabel(key, language)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('diary.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {meal.entries.map((entry) => {
                const name = entry.food.brand ? `${entry.food.name} (${entry.food.brand})` : entry.food.name;
                return (
                  <tr key={entry.id}>
                    <th scope="row">{name}</th>
                    <td className="number">{formatNumber(entry.grams, language)} g</td>
                    {entryColumns.map((key) => {
                      const value = entry.nutrients[key];
                      return (
                        <td key={key} className="number">
                          {value === null || value === undefined ? <span className="muted">{t('foods.notMeasured')}</span> : formatAmount(value, key, language)}
                        </td>
                      );
                    })}
                    <td>
                      <button type="button" className="secondary small" disabled={removal.state === 'running'} aria-label={t('diary.removeOne', { name })} onClick={() => void removeEntry(entry)}>
                        {t('diary.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
    </section>
  );
}

/** The day's totals against the targets in force that day, nutrient by nutrient. */
export function TotalsView({ day }: { day: DiaryDay }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const keys = nutrientOrder.filter((key) => key !== 'energy_kj');
  return (
    <section aria-labelledby="diary-totals-title" className="panel totals">
      <h2 id="diary-totals-title">{t('diary.totals')}</h2>
      <table className="table compact">
        <thead>
          <tr>
            <th scope="col">{t('foods.nutrient')}</th>
            <th scope="col" className="number">{t('diary.total')}</th>
            <th scope="col" className="number">{t('diary.target')}</th>
            <th scope="col">{t('diary.vsTarget')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const value = day.totals.nutrients[key] ?? null;
            const target = day.targets[key] ?? null;
            const unmeasured = day.totals.unmeasured[key] ?? 0;
            const share = value !== null && target ? value / target : null;
            return (
              <tr key={key} data-nutrient={key}>
                <th scope="row">{nutrientLabel(key, language)}</th>
                <td className="number">
                  {value === null ? '—' : formatAmount(value, key, language)}
                  {unmeasured > 0 && <div className="muted small-text">{t('diary.unmeasured', { count: unmeasured })}</div>}
                </td>
                <td className="number">{target === null ? <span className="muted">{t('diary.noTarget')}</span> : formatAmount(target, key, language)}</td>
                <td>
                  {share !== null && (
                    <span className="target-cell">
                      <meter min={0} max={Math.max(1, share)} value={share} aria-label={t('diary.shareLabel', { nutrient: nutrientLabel(key, language) })} className={share > 1 ? 'over' : undefined} />
                      <span className={share > 1 ? 'over-text' : undefined}>{t('diary.share', { percent: formatNumber(share * 100, language, 0) })}</span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
