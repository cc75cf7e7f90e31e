import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DiarySeries } from '../../../../shared/contract';
import type { NutrientKey } from '../../../../shared/nutrients';
import { useOperation } from '../../api/context';
import { Empty, ErrorState, Loading } from '../../components/states';
import { asLanguage, formatAmount, formatNumber, nutrientDefinition, nutrientLabel, nutrientOrder } from '../../i18n/format';
import { addDays, daysInclusive, formatDay, isIsoDate } from './dates';
import { chartRows, summariseSeries } from './series-summary';

const presets = [7, 30, 90] as const;

/** Daily totals of the chosen nutrients over a period, one small chart each, with the target in force each day. */
export function TrendsView({ profile, endDate }: { profile: string; endDate: string }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [chosen, setChosen] = useState<NutrientKey[]>(['energy_kcal', 'sodium']);
  const [to, setTo] = useState(endDate);
  const [from, setFrom] = useState(addDays(endDate, -29));
  const valid = isIsoDate(from) && isIsoDate(to) && from <= to && daysInclusive(from, to) <= 366;
  const [series, reload] = useOperation('diary.series', valid && chosen.length > 0 ? { profile, date_from: from, date_to: to, nutrients: chosen } : null);

  const toggle = (key: NutrientKey) => setChosen(chosen.includes(key) ? chosen.filter((known) => known !== key) : nutrientOrder.filter((known) => known === key || chosen.includes(known)));
  const preset = (days: number) => {
    setTo(endDate);
    setFrom(addDays(endDate, -(days - 1)));
  };

  return (
    <section aria-labelledby="diary-trends-title">
      <h2 id="diary-trends-title">{t('diary.trendsTitle')}</h2>
      <div className="trend-controls">
        <fieldset>
          <legend>{t('diary.period')}</legend>
          <div className="form-row">
            <div className="field">
              <label htmlFor="trend-from">{t('diary.from')}</label>
              <input id="trend-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="trend-to">{t('diary.to')}</label>
              <input id="trend-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
            </div>
            <div className="segmented" role="group" aria-label={t('diary.presets')}>
              {presets.map((days) => (
                <button key={days} type="button" className="secondary small" onClick={() => preset(days)}>
                  {t('diary.lastDays', { count: days })}
                </button>
              ))}
            </div>
          </div>
          {!valid && <p className="field-error">{t('diary.periodInvalid')}</p>}
        </fieldset>
        <fieldset>
          <legend>{t('diary.nutrientsToChart')}</legend>
          <div className="checkbox-grid">
            {nutrientOrder
              .filter((key) => key !== 'energy_kj')
              .map((key) => (
                <label key={key} className="checkbox">
                  <input type="checkbox" checked={chosen.includes(key)} onChange={() => toggle(key)} />
                  {nutrientLabel(key, language)}
                </label>
              ))}
          </div>
        </fieldset>
      </div>
      {chosen.length === 0 ? (
        <Empty message={t('diary.chooseNutrient')} />
      ) : !valid ? null : series.state === 'loading' ? (
        <Loading />
      ) : series.state === 'error' ? (
        <ErrorState message={series.message} code={series.code} onRetry={reload} />
      ) : (
        <div className="charts">
          {series.value.nutrients.map((key) => (
            <NutrientChart key={key} series={series.value} nutrient={key} />
          ))}
        </div>
      )}
    </section>
  );
}

function NutrientChart({ series, nutrient }: { series: DiarySeries; nutrient: string }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const label = nutrientLabel(nutrient, language);
  const unit = nutrientDefinition(nutrient)?.unit ?? '';
  const rows = chartRows(series, nutrient);
  const summary = summariseSeries(series, nutrient);
  const captionId = `chart-${nutrient}-caption`;
  const caption =
    summary.average === null
      ? t('diary.chartEmpty', { nutrient: label })
      : t('diary.chartSummary', {
          nutrient: label,
          average: formatAmount(summary.average, nutrient, language),
          days: summary.daysWithData,
          highest: formatAmount(summary.highest?.value ?? 0, nutrient, language),
          highestDay: summary.highest ? formatDay(summary.highest.date, language) : '—',
        }) + (summary.daysWithTarget > 0 ? ` ${t('diary.chartOver', { count: summary.daysOverTarget, days: summary.daysWithTarget })}` : '');
  const shortDay = (date: string) => new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return (
    <figure className="panel chart" aria-labelledby={captionId} data-nutrient={nutrient}>
      <h3>
        {label} ({unit})
      </h3>
      <div className="chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <CartesianGrid className="chart-grid" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={24} className="chart-axis" />
            <YAxis width={56} className="chart-axis" tickFormatter={(value: number) => formatNumber(value, language, 0)} />
            <Tooltip
              // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the label is the row's `date`, a YYYY-MM-DD string
              labelFormatter={(date) => formatDay(String(date), language)}
              formatter={(value, name) => [typeof value === 'number' ? formatAmount(value, nutrient, language) : '—', name === 'target' ? t('diary.target') : label]}
              wrapperClassName="chart-tooltip"
            />
            <Line
              type="linear"
              dataKey="value"
              name="value"
              className="line-value"
              stroke="var(--accent)"
              strokeWidth={2}
              dot={rows.length <= 31 ? { r: 2.5 } : false}
              connectNulls={false}
              isAnimationActive={false}
            />
            <Line type="stepAfter" dataKey="target" name="target" className="line-target" stroke="var(--error)" strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p className="chart-legend" aria-hidden="true">
        <span className="legend-value">{t('diary.legendValue')}</span> <span className="legend-target">{t('diary.legendTarget')}</span>
      </p>
      <figcaption id={captionId}>{caption}</figcaption>
      <details>
        <summary>{t('diary.chartTable')}</summary>
        <table className="table compact">
          <thead>
            <tr>
              <th scope="col">{t('diary.day')}</th>
              <th scope="col" className="number">
                {label}
              </th>
              <th scope="col" className="number">
                {t('diary.target')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row">{formatDay(row.date, language)}</th>
                <td className="number">{row.value === null ? '—' : formatAmount(row.value, nutrient, language)}</td>
                <td className="number">{row.target === null ? '—' : formatAmount(row.target, nutrient, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
