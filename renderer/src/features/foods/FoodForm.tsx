import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Food } from '../../../../shared/contract';
import { useAction } from '../../api/context';
import { ErrorState } from '../../components/states';
import { asLanguage, nutrientLabelWithUnit, nutrientOrder } from '../../i18n/format';
import { fieldsOf, parseNutrientFields, type NutrientFields } from './per100g-form';

/** Adds a food to the profile's own catalog, or edits one of its own foods (never the shared base). */
export function FoodForm({ profile, food, onSaved, onCancel }: { profile: string; food?: Food; onSaved: (food: Food) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [name, setName] = useState(food?.name ?? '');
  const [brand, setBrand] = useState(food?.brand ?? '');
  const [fields, setFields] = useState<NutrientFields>(() => fieldsOf(food?.per100g ?? {}));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [addState, add] = useAction('foods.add');
  const [updateState, update] = useAction('foods.update');
  const state = food ? updateState : addState;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseNutrientFields(fields);
    setInvalid(parsed.invalid);
    if (parsed.invalid.length > 0) return;
    const saved = food ? await update({ profile, code: food.code, name, brand, per100g: parsed.per100g }) : await add({ profile, name, brand, per100g: parsed.per100g });
    if (saved) onSaved(saved);
  }

  const titleId = food ? 'food-form-edit' : 'food-form-add';
  return (
    <form className="panel food-form" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId}>{food ? t('foods.editTitle', { name: food.name }) : t('foods.addTitle')}</h2>
      <div className="form-grid">
        <label htmlFor="food-name">{t('foods.name')}</label>
        <input id="food-name" required value={name} onChange={(event) => setName(event.target.value)} />
        <label htmlFor="food-brand">{t('foods.brand')}</label>
        <input id="food-brand" value={brand} onChange={(event) => setBrand(event.target.value)} />
      </div>
      <fieldset>
        <legend>{t('foods.per100g')}</legend>
        <p className="hint">{t('foods.per100gHint')}</p>
        <div className="nutrient-grid">
          {nutrientOrder.map((key) => {
            const inputId = `food-nutrient-${key}`;
            const wrong = invalid.includes(key);
            return (
              <div key={key} className="nutrient-field">
                <label htmlFor={inputId}>{nutrientLabelWithUnit(key, language)}</label>
                <input
                  id={inputId}
                  inputMode="decimal"
                  value={fields[key] ?? ''}
                  aria-invalid={wrong || undefined}
                  aria-describedby={wrong ? `${inputId}-error` : undefined}
                  onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
                />
                {wrong && (
                  <span id={`${inputId}-error`} className="field-error">
                    {t('foods.notANumber')}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      {state.state === 'error' && <ErrorState message={[state.message, ...(state.details ?? [])].join(' ')} code={state.code} />}
      <div className="actions">
        <button type="submit" disabled={state.state === 'running'}>
          {food ? t('foods.saveChanges') : t('foods.addSubmit')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('app.cancel')}
        </button>
      </div>
    </form>
  );
}
