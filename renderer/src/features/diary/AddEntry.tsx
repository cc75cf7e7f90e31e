import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meals, type Food, type LoggedFood, type Meal } from '../../../../shared/contract';
import { useAction, useOperation } from '../../api/context';
import { Relevance } from '../../components/Relevance';
import { ErrorState } from '../../components/states';
import { searchTargetAttribute } from '../../components/shortcuts';
import { useDebounced } from '../../components/useDebounced';
import { asLanguage, formatNumber } from '../../i18n/format';
import { AmountFields, AmountNotes, useAmount } from './AmountFields';
import { entryAmount, foodName, matchingLogged } from './amounts';
import { mealAt } from './dates';
import { FoodChoice } from './FoodChoice';

/**
 * Adds an entry to the day shown: pick a food (the ones logged before come first), say how much in a household
 * unit ("2 × large egg") or in grams, and for which meal.
 */
export function AddEntry({ profile, date, onAdded }: { profile: string; date: string; onAdded: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim(), 200);
  const [chosen, setChosen] = useState<{ food: Food; last: LoggedFood | undefined } | null>(null);
  const [meal, setMeal] = useState<Meal>(() => mealAt(new Date().getHours()));
  const [logged, reloadLogged] = useOperation('diary.recent', { profile, limit: 4 }, { keepWhileReloading: true });
  const [results] = useOperation('search', settled && !chosen ? { corpus: 'foods', query: settled, k: 8, profile } : null);
  const amount = useAmount(profile, chosen?.food ?? null, chosen?.last);
  const [added, add] = useAction('diary.add');

  const loggedFoods = logged.state === 'ready' ? [...logged.value.recent, ...logged.value.frequent] : [];
  const lastOf = (food: Food) => loggedFoods.find((item) => item.food.code === food.code);

  function choose(food: Food) {
    setChosen({ food, last: lastOf(food) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    const value = amount.validate();
    if (!value) return;
    const entry = await add({ profile, date, meal, food: chosen.food.code, ...value });
    if (entry) {
      const mealName = t(`diary.meals.${entry.meal}`);
      onAdded(
        entry.portion
          ? t('diary.addedPortion', { amount: entryAmount(entry, language), grams: formatNumber(entry.grams, language), name: foodName(entry.food), meal: mealName })
          : t('diary.added', { name: foodName(entry.food), grams: formatNumber(entry.grams, language), meal: mealName }),
      );
      setChosen(null);
      setQuery('');
      reloadLogged();
    }
  }

  const matches = settled ? matchingLogged(loggedFoods, settled) : [];
  const matchedCodes = new Set(matches.map((item) => item.food.code));

  return (
    <form className="panel add-entry" aria-labelledby="add-entry-title" onSubmit={submit} noValidate>
      <h2 id="add-entry-title">{t('diary.addTitle')}</h2>
      {chosen ? (
        <p className="chosen-food">
          {t('diary.chosen')} <strong>{foodName(chosen.food)}</strong>{' '}
          <button type="button" className="link-button" onClick={() => setChosen(null)}>
            {t('diary.changeFood')}
          </button>
        </p>
      ) : (
        <div className="food-picker">
          <label htmlFor="entry-food">{t('diary.foodSearch')}</label>
          <input
            id="entry-food"
            {...{ [searchTargetAttribute]: '' }}
            type="search"
            autoComplete="off"
            value={query}
            placeholder={t('foods.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
          {!settled && logged.state === 'ready' && (
            <>
              {logged.value.recent.length > 0 && (
                <div className="logged-foods">
                  <h3 id="recent-foods">{t('diary.recentFoods')}</h3>
                  <ul className="pick-list" aria-labelledby="recent-foods">
                    {logged.value.recent.map((item) => (
                      <li key={item.food.code}>
                        <FoodChoice food={item.food} logged={item} onChoose={choose} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {logged.value.frequent.length > 0 && (
                <div className="logged-foods">
                  <h3 id="frequent-foods">{t('diary.frequentFoods')}</h3>
                  <ul className="pick-list" aria-labelledby="frequent-foods">
                    {logged.value.frequent.map((item) => (
                      <li key={item.food.code}>
                        <FoodChoice food={item.food} logged={item} onChoose={choose} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          )}
          {settled && results.state === 'ready' && (
            <ul className="pick-list" aria-label={t('diary.foodChoices')}>
              {matches.length === 0 && results.value.hits.length === 0 && <li className="muted">{t('foods.noHits')}</li>}
              {matches.map((item) => (
                <li key={item.food.code}>
                  <FoodChoice food={item.food} logged={item} onChoose={choose} />
                </li>
              ))}
              {results.value.hits.map((hit) =>
                hit.food && !matchedCodes.has(hit.food.code) ? (
                  <li key={hit.id}>
                    <FoodChoice food={hit.food} onChoose={choose}>
                      {hit.relevance !== 'strong' && <Relevance relevance={hit.relevance} />}
                    </FoodChoice>
                  </li>
                ) : null,
              )}
            </ul>
          )}
          {settled && results.state === 'error' && <ErrorState message={results.message} code={results.code} />}
        </div>
      )}
      <div className="form-row">
        {chosen && <AmountFields amount={amount} food={chosen.food} />}
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
        <button type="submit" disabled={!chosen || added.state === 'running'}>
          {t('diary.addSubmit')}
        </button>
      </div>
      {chosen && <AmountNotes amount={amount} food={chosen.food} profile={profile} />}
      {!chosen && <p className="hint">{t('diary.chooseFirst')}</p>}
      {added.state === 'error' && <ErrorState message={added.message} code={added.code} />}
    </form>
  );
}
