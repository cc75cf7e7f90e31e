import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Food, LoggedFood } from '../../../../shared/contract';
import { foodGroupLabel } from '../../i18n/food-groups';
import { asLanguage, formatNumber } from '../../i18n/format';
import { entryAmount, foodName } from './amounts';

/** One food in the picker: its name, energy per 100 g and group, and how it was last logged when it was. */
export function FoodChoice({ food, logged, onChoose, children }: { food: Food; logged?: LoggedFood; onChoose: (food: Food) => void; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const kcal = food.per100g.energy_kcal;
  const group = food.owner ? t('foods.ownBadge') : foodGroupLabel(food.food_group, language);
  return (
    <button type="button" className="hit food-choice" onClick={() => onChoose(food)}>
      <span className="hit-title">{foodName(food)}</span>
      <span className="food-facts">
        {kcal === undefined ? t('diary.kcalUnknown') : t('diary.kcalPer100g', { kcal: formatNumber(kcal, language, 0) })}
        {group && ` · ${group}`}
        {logged &&
          ` · ${t('diary.lastLogged', {
            amount: entryAmount({ grams: logged.last_grams, portion: logged.last_portion && { ...logged.last_portion, grams_each: 0 } }, language),
          })}`}
      </span>
      {children && <span className="hit-meta">{children}</span>}
    </button>
  );
}
