import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NutrientKey } from '../../../../shared/nutrients';
import { useAction } from '../../api/context';
import { ErrorState } from '../../components/states';
import { asLanguage, nutrientDefinition, nutrientLabel, nutrientLabelWithUnit, nutrientOrder } from '../../i18n/format';

/** Sets a nutrient's daily target from a day on; it applies until that nutrient's next target. */
export function TargetForm({ profile, date, onSaved }: { profile: string; date: string; onSaved: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [nutrient, setNutrient] = useState<NutrientKey>('sodium');
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saved, save] = useAction('diary.targets.set');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount.trim().replace(',', '.'));
    const valid = /^\d+([.,]\d+)?$/.test(amount.trim()) && value > 0;
    setInvalid(!valid);
    if (!valid) return;
    const target = await save({ profile, nutrient, amount: value, effective_from: date });
    if (target) {
      onSaved(
        t('diary.targetSaved', { nutrient: nutrientLabel(target.nutrient, language), amount: target.amount, unit: nutrientDefinition(target.nutrient)?.unit ?? '', date: target.effective_from }),
      );
      setAmount('');
    }
  }

  return (
    <details className="target-form">
      <summary>{t('diary.targetTitle')}</summary>
      <form onSubmit={submit} noValidate aria-label={t('diary.targetTitle')}>
        <p className="hint">{t('diary.targetHelp', { date })}</p>
        <div className="form-row">
          <div className="field">
            <label htmlFor="target-nutrient">{t('foods.nutrient')}</label>
            <select id="target-nutrient" value={nutrient} onChange={(event) => setNutrient(event.target.value as NutrientKey)}>
              {nutrientOrder.map((key) => (
                <option key={key} value={key}>
                  {nutrientLabelWithUnit(key, language)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="target-amount">{t('diary.targetAmount')}</label>
            <input
              id="target-amount"
              inputMode="decimal"
              value={amount}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'target-amount-error' : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
            {invalid && (
              <span id="target-amount-error" className="field-error">
                {t('diary.targetInvalid')}
              </span>
            )}
          </div>
          <button type="submit" disabled={saved.state === 'running'}>
            {t('diary.targetSubmit')}
          </button>
        </div>
        {saved.state === 'error' && <ErrorState message={saved.message} code={saved.code} />}
      </form>
    </details>
  );
}
