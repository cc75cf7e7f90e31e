import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meals, type Food, type Meal } from '../../../../shared/contract';
import { useAction, useOperation } from '../../api/context';
import { FoundBy } from '../../components/FoundBy';
import { Relevance } from '../../components/Relevance';
import { ErrorState } from '../../components/states';
import { useDebounced } from '../../components/useDebounced';
import { searchTargetAttribute } from '../../components/shortcuts';
import { mealAt } from './dates';

/** Adds an entry to the day shown: search a food, choose it, say how many grams and for which meal. */
export function AddEntry({ profile, date, onAdded }: { profile: string; date: string; onAdded: (message: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim(), 200);
  const [food, setFood] = useState<Food | null>(null);
  const [grams, setGrams] = useState('');
  const [meal, setMeal] = useState<Meal>(() => mealAt(new Date().getHours()));
  const [gramsError, setGramsError] = useState(false);
  const [results] = useOperation('search', settled && !food ? { corpus: 'foods', query: settled, k: 8, profile } : null);
  const [added, add] = useAction('diary.add');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!food) return;
    const amount = Number(grams.trim().replace(',', '.'));
    const valid = /^\d+([.,]\d+)?$/.test(grams.trim()) && amount > 0;
    setGramsError(!valid);
    if (!valid) return;
    const entry = await add({ profile, date, meal, food: food.code, grams: amount });
    if (entry) {
      onAdded(t('diary.added', { name: entry.food.name, grams: entry.grams, meal: t(`diary.meals.${entry.meal}`) }));
      setFood(null);
      setQuery('');
      setGrams('');
    }
  }

  return (
    <form className="panel add-entry" aria-labelledby="add-entry-title" onSubmit={submit} noValidate>
      <h2 id="add-entry-title">{t('diary.addTitle')}</h2>
      {food ? (
        <p className="chosen-food">
          {t('diary.chosen')} <strong>{food.brand ? `${food.name} (${food.brand})` : food.name}</strong>{' '}
          <button type="button" className="link-button" onClick={() => setFood(null)}>
            {t('diary.changeFood')}
          </button>
        </p>
      ) : (
        <div className="food-picker">
          <label htmlFor="entry-food">{t('diary.foodSearch')}</label>
          <input id="entry-food" {...{ [searchTargetAttribute]: '' }} type="search" autoComplete="off" value={query} placeholder={t('foods.searchPlaceholder')} onChange={(event) => setQuery(event.target.value)} />
          {settled && results.state === 'ready' && (
            <ul className="pick-list" aria-label={t('diary.foodChoices')}>
              {results.value.hits.length === 0 && <li className="muted">{t('foods.noHits')}</li>}
              {results.value.hits.map((hit) =>
                hit.food ? (
                  <li key={hit.id}>
                    <button type="button" className="hit" onClick={() => setFood(hit.food as Food)}>
                      <span className="hit-title">{hit.food.brand ? `${hit.food.name} (${hit.food.brand})` : hit.food.name}</span>
                      <span className="hit-meta">
                        <Relevance relevance={hit.relevance} />
          <FoundBy foundBy={hit.found_by} near={hit.explain.keyword_match === 'fuzzy'} />
                      </span>
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          )}
          {settled && results.state === 'error' && <ErrorState message={results.message} code={results.code} />}
        </div>
      )}
      <div className="form-row">
        <div className="field">
          <label htmlFor="entry-grams">{t('diary.grams')}</label>
          <input id="entry-grams" inputMode="decimal" value={grams} aria-invalid={gramsError || undefined} aria-describedby={gramsError ? 'entry-grams-error' : undefined} onChange={(event) => setGrams(event.target.value)} />
          {gramsError && (
            <span id="entry-grams-error" className="field-error">
              {t('diary.gramsInvalid')}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="entry-meal">{t('diary.meal')}</label>
          <select id="entry-meal" value={meal} onChange={(event) => setMeal(event.target.value as Meal)}>
            {meals.map((option) => (
              <option key={option} value={option}>
                {t(`diary.meals.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={!food || added.state === 'running'}>
          {t('diary.addSubmit')}
        </button>
      </div>
      {!food && <p className="hint">{t('diary.chooseFirst')}</p>}
      {added.state === 'error' && <ErrorState message={added.message} code={added.code} />}
    </form>
  );
}
