import { useTranslation } from 'react-i18next';
import type { DiaryDay } from '../../../../shared/contract';
import { targetKindOf, type NutrientKey } from '../../../../shared/nutrients';
import { targetStanding, type TargetStanding } from '../../../../shared/targets';
import { asLanguage, formatAmount, formatNumber, nutrientLabel, nutrientOrder } from '../../i18n/format';

/**
 * The day's totals against the targets in force that day. A goal (protein, fibre) is drawn as a bar to fill; a
 * limit (saturated fat, free sugars, sodium) as room left under a line, amber close to it and red past it, never as a goal.
 */
export function TotalsView({ day }: { day: DiaryDay }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const keys = nutrientOrder.filter((key) => key !== 'energy_kj');
  return (
    <section aria-labelledby="diary-totals-title" className="panel totals">
      <h2 id="diary-totals-title">{t('diary.totals')}</h2>
      <table className="table compact totals-table">
        <thead>
          <tr>
            <th scope="col">{t('foods.nutrient')}</th>
            <th scope="col" className="number">
              {t('diary.total')}
            </th>
            <th scope="col" className="number">
              {t('diary.target')}
            </th>
            <th scope="col">{t('diary.vsTarget')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const value = day.totals.nutrients[key] ?? null;
            const target = day.targets[key] ?? null;
            const unmeasured = day.totals.unmeasured[key] ?? 0;
            const kind = targetKindOf(key);
            const standing = targetStanding(value, target, kind);
            return (
              <tr key={key} data-nutrient={key} data-target-kind={kind} data-standing={standing?.state}>
                <th scope="row">{nutrientLabel(key, language)}</th>
                <td className="number">
                  {value === null ? '—' : formatAmount(value, key, language)}
                  {unmeasured > 0 && <div className="muted small-text">{t('diary.unmeasured', { count: unmeasured })}</div>}
                </td>
                <td className="number">
                  {target === null ? (
                    <span className="muted">{t('diary.noTarget')}</span>
                  ) : (
                    <>
                      {formatAmount(target, key, language)}
                      <div className="muted small-text">{t(kind === 'limit' ? 'diary.limitKind' : 'diary.goalKind')}</div>
                    </>
                  )}
                </td>
                <td>{standing && target !== null && value !== null && <Standing nutrient={key} standing={standing} value={value} target={target} />}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Standing({ nutrient, standing, value, target }: { nutrient: NutrientKey; standing: TargetStanding; value: number; target: number }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const percent = formatNumber(standing.share * 100, language, 0);
  const label = nutrientLabel(nutrient, language);
  // The bar's scale reaches past the target when the day did, so the line of the target stays where it is drawn.
  const scale = Math.max(1, standing.share);
  const fill = `${Math.min(100, (standing.share / scale) * 100)}%`;
  const line = `${(1 / scale) * 100}%`;
  const text =
    standing.state === 'over_limit'
      ? t('diary.overLimit', { amount: formatAmount(value - target, nutrient, language) })
      : standing.state === 'near_limit' || standing.state === 'within_limit'
        ? t('diary.ofLimit', { percent })
        : t('diary.share', { percent });
  return (
    <span className={`target-cell standing-${standing.state}`}>
      <span className="target-bar" role="img" aria-label={t(standing.state.endsWith('limit') ? 'diary.limitBarLabel' : 'diary.goalBarLabel', { nutrient: label, percent })}>
        <span className="target-fill" style={{ width: fill }} />
        <span className="target-line" style={{ left: line }} />
      </span>
      <span className="target-text">{text}</span>
    </span>
  );
}
