import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meals, type DiaryDay, type DiaryEntry, type Food, type Meal } from '../../../../shared/contract';
import { useAction } from '../../api/context';
import { Empty, ErrorState } from '../../components/states';
import { asLanguage, formatAmount, formatNumber, nutrientLabel } from '../../i18n/format';
import { AmountFields, AmountNotes, useAmount } from './AmountFields';
import { entryAmount, foodName } from './amounts';

// Saturated fat has a daily limit, so each entry shows its share of it next to energy, protein and sodium.
const entryColumns = ['energy_kcal', 'protein', 'saturated_fat', 'sodium'] as const;

/**
 * One day of the diary: entries by meal with their nutrients and the meal's subtotal (from the views), and each
 * entry's edit and remove buttons. A removal is reported to the screen, which offers to undo it.
 */
export function DayView({ day, onChanged, onRemoved }: { day: DiaryDay; onChanged: (message: string) => void; onRemoved: (entry: DiaryEntry) => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [removal, remove] = useAction('diary.remove');
  const [editing, setEditing] = useState<number | null>(null);
  const total = day.meals.reduce((sum, meal) => sum + meal.entries.length, 0);
  const value = (amount: number | null | undefined, key: string) =>
    amount === null || amount === undefined ? <span className="muted">{t('foods.notMeasured')}</span> : formatAmount(amount, key, language);

  async function removeEntry(entry: DiaryEntry) {
    if (await remove({ profile: day.profile, id: entry.id })) onRemoved(entry);
  }

  return (
    <section aria-labelledby="diary-day-title">
      <h2 id="diary-day-title">{t('diary.entries')}</h2>
      {removal.state === 'error' && <ErrorState message={removal.message} code={removal.code} />}
      {total === 0 && <Empty message={t('diary.emptyDay')} />}
      {day.meals
        .filter((meal) => meal.entries.length > 0)
        .map((meal) => (
          <div key={meal.meal} className="table-scroll">
            <table className="table compact meal-table" data-meal={meal.meal}>
              <caption>{t(`diary.meals.${meal.meal}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('diary.food')}</th>
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
                  const name = foodName(entry.food);
                  if (editing === entry.id) {
                    return (
                      <tr key={entry.id} className="editing">
                        <td colSpan={entryColumns.length + 2}>
                          <EntryEditor
                            entry={entry}
                            profile={day.profile}
                            onDone={(message) => {
                              setEditing(null);
                              if (message) onChanged(message);
                            }}
                          />
                        </td>
                      </tr>
                    );
                  }
                  return (
                    <tr key={entry.id} data-entry={entry.id}>
                      <th scope="row" className="food-cell">
                        <span className="food-name">{name}</span>
                        <span className="entry-amount">
                          {entryAmount(entry, language)}
                          {entry.portion && <span className="muted"> · {formatNumber(entry.grams, language)} g</span>}
                        </span>
                      </th>
                      {entryColumns.map((key) => (
                        <td key={key} className="number">
                          {value(entry.nutrients[key], key)}
                        </td>
                      ))}
                      <td className="row-actions">
                        <button type="button" className="secondary small" aria-label={t('diary.editOne', { name })} onClick={() => setEditing(entry.id)}>
                          {t('diary.edit')}
                        </button>
                        <button type="button" className="secondary small" disabled={removal.state === 'running'} aria-label={t('diary.removeOne', { name })} onClick={() => void removeEntry(entry)}>
                          {t('diary.remove')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr className="subtotal">
                  <th scope="row">
                    {t('diary.subtotal', { meal: t(`diary.meals.${meal.meal}`) })}
                    <span className="entry-amount muted">{formatNumber(meal.subtotals.grams, language)} g</span>
                  </th>
                  {entryColumns.map((key) => (
                    <td key={key} className="number">
                      {value(meal.subtotals.nutrients[key], key)}
                    </td>
                  ))}
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        ))}
    </section>
  );
}

/** Changes an entry in place: its amount (in any of the food's units, or grams) and its meal. */
function EntryEditor({ entry, profile, onDone }: { entry: DiaryEntry; profile: string; onDone: (message: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  // The editor needs the food's units only, which foods.portions gives by code; the rest of Food is not read.
  const food: Food = { ...entry.food, food_group: '', scientific_name: '', local_names: '', source: '', per100g: {} };
  const amount = useAmount(profile, food, undefined, {
    unit: entry.portion ? `portion:${entry.portion.id}` : 'grams',
    quantity: formatNumber(entry.portion ? entry.portion.quantity : entry.grams, language, 2),
  });
  const [meal, setMeal] = useState<Meal>(entry.meal);
  const [saved, save] = useAction('diary.update');
  const idPrefix = `edit-${entry.id}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = amount.validate();
    if (!value) return;
    const updated = await save({ profile, id: entry.id, meal, ...value });
    if (updated) onDone(t('diary.updated', { name: foodName(updated.food), amount: entryAmount(updated, language), meal: t(`diary.meals.${updated.meal}`) }));
  }

  return (
    <form className="entry-editor" aria-label={t('diary.editOne', { name: foodName(entry.food) })} onSubmit={submit} noValidate>
      <p className="editor-title">{foodName(entry.food)}</p>
      <div className="form-row">
        <AmountFields amount={amount} food={food} idPrefix={idPrefix} />
        <div className="field">
          <label htmlFor={`${idPrefix}-meal`}>{t('diary.meal')}</label>
          <select id={`${idPrefix}-meal`} value={meal} onChange={(event) => setMeal(event.target.value as Meal)}>
            {meals.map((option) => (
              <option key={option} value={option}>
                {t(`diary.meals.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={saved.state === 'running'}>
          {t('diary.save')}
        </button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>
          {t('diary.cancel')}
        </button>
      </div>
      <AmountNotes amount={amount} food={food} profile={profile} idPrefix={idPrefix} />
      {saved.state === 'error' && <ErrorState message={saved.message} code={saved.code} />}
    </form>
  );
}
