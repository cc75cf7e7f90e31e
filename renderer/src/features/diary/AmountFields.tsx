import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Food, LoggedFood, Portion } from '../../../../shared/contract';
import { maxEntryGrams } from '../../../../shared/contract';
import { parseQuantity, portionGrams, portionProblem } from '../../../../shared/portions';
import { messageOf, useAction, useApi, type Loadable } from '../../api/context';
import { ErrorState } from '../../components/states';
import { asLanguage, formatNumber } from '../../i18n/format';
import { defaultQuantity, defaultUnit, energyOf, portionOption } from './amounts';

type AmountValue = { grams: number } | { portion: { id: number; quantity: number } };
type AmountError = 'quantity' | 'grams' | 'heavy' | null;

/** The amount being typed for one food: its units (from foods.portions), the unit chosen and how many. */
export interface Amount {
  portions: Loadable<Portion[]>;
  unit: string;
  setUnit: (unit: string) => void;
  quantity: string;
  setQuantity: (quantity: string) => void;
  error: AmountError;
  /** The grams the amount comes to, or null while it cannot be read. */
  grams: number | null;
  /** Checks the amount; returns what diary.add / diary.update take, or null (and shows why). */
  validate: () => AmountValue | null;
  /** Reloads the units and chooses the one with this id once it is there. */
  reloadAndChoose: (id: number) => void;
}

const gramsUnit = 'grams';

/**
 * The units of one food. Unlike useOperation, the answer is held with the code it answers, so a food chosen right
 * after another is never offered the previous food's units while its own are on their way.
 */
function useFoodPortions(profile: string, code: string | null): { loadable: Loadable<Portion[]>; reload: () => void } {
  const api = useApi();
  const [loaded, setLoaded] = useState<{ code: string; loadable: Loadable<Portion[]> } | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (code === null) return;
    let current = true;
    api.call('foods.portions', { profile, code }).then(
      (value) => current && setLoaded({ code, loadable: { state: 'ready', value } }),
      (error: unknown) => current && setLoaded({ code, loadable: { state: 'error', message: messageOf(error) } }),
    );
    return () => {
      current = false;
    };
  }, [api, profile, code, generation]);
  return {
    loadable: loaded !== null && loaded.code === code ? loaded.loadable : { state: 'loading' },
    reload: () => setGeneration((value) => value + 1),
  };
}
const portionUnit = (portion: Portion) => `portion:${portion.id}`;

/**
 * The state of an amount field for `food`. It starts on the unit the food was last logged in (`last`), else on its
 * usual household unit, else on grams; `initial` (editing an entry) starts on that entry's amount instead.
 */
export function useAmount(profile: string, food: Food | null, last: LoggedFood | undefined, initial?: { unit: string; quantity: string }): Amount {
  const { i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const portions = useFoodPortions(profile, food?.code ?? null);
  const [unit, setUnit] = useState(initial?.unit ?? gramsUnit);
  const [quantity, setQuantity] = useState(initial?.quantity ?? '');
  const [error, setError] = useState<AmountError>(null);
  const [readyFor, setReadyFor] = useState<string | null>(initial ? (food?.code ?? null) : null);
  const [choose, setChoose] = useState<number | null>(null);

  useEffect(() => {
    if (!food || portions.loadable.state !== 'ready') return;
    if (choose !== null) {
      const chosen = portions.loadable.value.find((portion) => portion.id === choose);
      if (chosen) {
        setUnit(portionUnit(chosen));
        setChoose(null);
      }
    }
    if (readyFor === food.code) return;
    const first = defaultUnit(portions.loadable.value, last);
    setUnit(first.kind === 'portion' ? portionUnit(first.portion) : gramsUnit);
    setQuantity(defaultQuantity(first, last, language));
    setError(null);
    setReadyFor(food.code);
  }, [food, portions, last, language, readyFor, choose]);

  const list = portions.loadable.state === 'ready' ? portions.loadable.value : [];
  const portion = list.find((candidate) => portionUnit(candidate) === unit);
  const count = parseQuantity(quantity);
  const grams = count === null ? null : portion ? portionGrams(count, portion.grams) : count;

  return {
    portions: portions.loadable,
    unit,
    setUnit: (next) => {
      setUnit(next);
      setError(null);
    },
    quantity,
    setQuantity: (next) => {
      setQuantity(next);
      setError(null);
    },
    error,
    grams,
    validate() {
      if (portion) {
        const problem = count === null ? 'not_positive' : portionProblem(count, portion.grams);
        if (count === null || problem !== null) {
          setError(problem === 'too_heavy' ? 'heavy' : 'quantity');
          return null;
        }
        return { portion: { id: portion.id, quantity: count } };
      }
      if (count === null || count <= 0 || count > maxEntryGrams) {
        setError('grams');
        return null;
      }
      return { grams: count };
    },
    reloadAndChoose(id) {
      setChoose(id);
      portions.reload();
    },
  };
}

/** The amount of an entry: how many, of which unit (the food's household units or grams), and what that weighs. */
export function AmountFields({ amount, food, idPrefix = 'entry' }: { amount: Amount; food: Food; idPrefix?: string }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const list = amount.portions.state === 'ready' ? amount.portions.value : [];
  const kcal = amount.grams === null ? null : energyOf(food, amount.grams);
  const errorId = `${idPrefix}-amount-error`;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-quantity`}>{t('diary.amount')}</label>
        <input
          id={`${idPrefix}-quantity`}
          className="quantity"
          inputMode="decimal"
          value={amount.quantity}
          aria-invalid={amount.error !== null || undefined}
          aria-describedby={amount.error ? errorId : `${idPrefix}-amount-preview`}
          onChange={(event) => amount.setQuantity(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-unit`}>{t('diary.unit')}</label>
        <select id={`${idPrefix}-unit`} value={amount.unit} onChange={(event) => amount.setUnit(event.target.value)}>
          {list.map((portion) => (
            <option key={portion.id} value={portionUnit(portion)}>
              {portionOption(portion, language)}
            </option>
          ))}
          <option value={gramsUnit}>{t('diary.gramsUnit')}</option>
        </select>
      </div>
      <p id={`${idPrefix}-amount-preview`} className="amount-preview" aria-live="polite">
        {amount.grams !== null && amount.grams > 0
          ? kcal === null
            ? t('diary.comesTo', { grams: formatNumber(amount.grams, language) })
            : t('diary.comesToKcal', { grams: formatNumber(amount.grams, language), kcal: formatNumber(kcal, language, 0) })
          : ''}
      </p>
    </>
  );
}

/** Below the amount's row: why the amount cannot be logged, and a way to define a unit the food lacks. */
export function AmountNotes({ amount, food, profile, idPrefix = 'entry' }: { amount: Amount; food: Food; profile: string; idPrefix?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {amount.error && (
        <p id={`${idPrefix}-amount-error`} className="field-error amount-error">
          {t(amount.error === 'grams' ? 'diary.gramsInvalid' : amount.error === 'heavy' ? 'diary.tooHeavy' : 'diary.quantityInvalid')}
        </p>
      )}
      <NewUnit food={food} profile={profile} idPrefix={idPrefix} onAdded={(portion) => amount.reloadAndChoose(portion.id)} />
    </>
  );
}

/** Defines a household unit of the food for this profile ("slice" = 30 g), for foods IFCT gives no portion. */
function NewUnit({ food, profile, idPrefix, onAdded }: { food: Food; profile: string; idPrefix: string; onAdded: (portion: Portion) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [grams, setGrams] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const [saved, save] = useAction('foods.portions.add');
  // The name the server refused: the message keeps naming it while the user types another.
  const [submittedName, setSubmittedName] = useState('');

  async function submit(event: Pick<FormEvent, 'preventDefault'>) {
    event.preventDefault();
    const weight = Number(grams.trim().replace(',', '.'));
    const valid = name.trim() !== '' && /^\d+([.,]\d+)?$/.test(grams.trim()) && weight > 0 && weight <= maxEntryGrams;
    setInvalid(!valid);
    if (!valid) return;
    setSubmittedName(name.trim());
    const portion = await save({ profile, code: food.code, name: name.trim(), grams: weight });
    if (portion) {
      onAdded(portion);
      setName('');
      setGrams('');
      setOpen(false);
    }
  }

  return (
    <details className="new-unit" open={open} onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>{t('diary.newUnit')}</summary>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${idPrefix}-unit-name`}>{t('diary.newUnitName')}</label>
          <input id={`${idPrefix}-unit-name`} value={name} placeholder={t('diary.newUnitNameExample')} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-unit-grams`}>{t('diary.newUnitGrams')}</label>
          <input id={`${idPrefix}-unit-grams`} inputMode="decimal" value={grams} aria-invalid={invalid || undefined} onChange={(event) => setGrams(event.target.value)} />
        </div>
        <button type="button" className="secondary" disabled={saved.state === 'running'} onClick={(event) => void submit(event)}>
          {t('diary.newUnitSave')}
        </button>
      </div>
      {invalid && <p className="field-error">{t('diary.newUnitInvalid')}</p>}
      {/* A name the food already has is the user's to fix, not "another task is running" (the generic conflict). */}
      {saved.state === 'error' && saved.code === 'conflict' && <p className="field-error">{t('diary.newUnitTaken', { name: submittedName })}</p>}
      {saved.state === 'error' && saved.code !== 'conflict' && <ErrorState message={saved.message} code={saved.code} />}
    </details>
  );
}
