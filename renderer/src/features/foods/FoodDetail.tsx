import { useTranslation } from 'react-i18next';
import type { Food } from '../../../../shared/contract';
import { useOperation } from '../../api/context';
import { useProfile } from '../../profile/profile';
import { foodGroupLabel } from '../../i18n/food-groups';
import { asLanguage, formatAmount, formatNumber, nutrientLabel, nutrientOrder } from '../../i18n/format';

/** A food's nutrients per 100 g; a nutrient the source did not measure says so instead of showing zero. */
export function FoodDetail({ food, onEdit }: { food: Food; onEdit?: () => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  return (
    <article className="panel food-detail" aria-labelledby="food-detail-title">
      <h2 id="food-detail-title">{food.name}</h2>
      <dl className="facts">
        {food.brand && (
          <>
            <dt>{t('foods.brand')}</dt>
            <dd>{food.brand}</dd>
          </>
        )}
        <dt>{t('foods.code')}</dt>
        <dd>{food.code}</dd>
        {food.food_group && (
          <>
            <dt>{t('foods.group')}</dt>
            <dd>{foodGroupLabel(food.food_group, language)}</dd>
          </>
        )}
        {food.scientific_name && (
          <>
            <dt>{t('foods.scientificName')}</dt>
            <dd>
              <i>{food.scientific_name}</i>
            </dd>
          </>
        )}
        {food.local_names && (
          <>
            <dt>{t('foods.localNames')}</dt>
            <dd className="local-names">{food.local_names}</dd>
          </>
        )}
        <dt>{t('foods.source')}</dt>
        <dd>{food.owner ? t('foods.ownFood') : food.source}</dd>
      </dl>
      <table className="table compact">
        <caption>{t('foods.per100g')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('foods.nutrient')}</th>
            <th scope="col" className="number">
              {t('foods.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {nutrientOrder.map((key) => {
            const value = food.per100g[key];
            return (
              <tr key={key}>
                <th scope="row">{nutrientLabel(key, language)}</th>
                <td className="number">{value === undefined ? <span className="muted">{t('foods.notMeasured')}</span> : formatAmount(value, key, language, true)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FoodPortions food={food} />
      {onEdit && (
        <div className="actions">
          <button type="button" onClick={onEdit}>
            {t('foods.edit')}
          </button>
        </div>
      )}
    </article>
  );
}

/** The food's household units with their grams and, for shipped ones, the published measure they come from. */
function FoodPortions({ food }: { food: Food }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const { profile } = useProfile();
  const [portions] = useOperation('foods.portions', { profile, code: food.code });
  if (portions.state !== 'ready' || portions.value.length === 0) return null;
  return (
    <table className="table compact portions-table">
      <caption>{t('foods.portions')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('foods.portionUnit')}</th>
          <th scope="col" className="number">
            {t('foods.portionGrams')}
          </th>
          <th scope="col">{t('foods.portionSource')}</th>
        </tr>
      </thead>
      <tbody>
        {portions.value.map((portion) => (
          <tr key={portion.id}>
            <th scope="row">{portion.name[language]}</th>
            <td className="number">{formatNumber(portion.grams, language)} g</td>
            <td className="small-text">{portion.own ? t('foods.portionOwn') : portion.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
