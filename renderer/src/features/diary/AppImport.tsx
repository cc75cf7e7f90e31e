import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportChoice, ImportPreview, ImportPreviewRow } from '../../../../shared/contract';
import { appExportNames, type AppExportFormat } from '../../../../shared/diary-import-formats';
import { parseQuantity } from '../../../../shared/portions';
import { messageOf, useApi } from '../../api/context';
import { ApiError } from '../../api/client';
import { Relevance } from '../../components/Relevance';
import { formatQuantity } from './amounts';
import { ImportErrors } from './ImportErrors';
import type { Language } from '../../i18n';
import { formatDay, formatNumber } from '../../i18n/format';

type Outcome = { kind: 'imported'; added: number; excluded: number } | { kind: 'failed'; message: string; details: string[] };

const leaveOut = '__exclude__';

/** A row is settled when it will be written as shown or was left out (a weak match only once the user accepts weak ones). */
function settled(row: ImportPreviewRow, acceptWeak: boolean): boolean {
  return row.status === 'ready' || row.status === 'excluded' || (row.status === 'weak' && acceptWeak);
}

/**
 * Import of a Cronometer or MyFitnessPal export: the server matches each food name with the catalog search and
 * proposes grams; the table shows every proposal with its relevance, the user changes foods, gives grams or leaves
 * rows out, and the import writes every row or none.
 */
export function AppImport({ profile, csv, format, onImported }: { profile: string; csv: string; format: AppExportFormat | null; onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.startsWith('es') ? 'es' : 'en';
  const api = useApi();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choices, setChoices] = useState<Map<number, ImportChoice>>(new Map());
  const [acceptWeak, setAcceptWeak] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (error: unknown): Outcome => ({ kind: 'failed', message: messageOf(error), details: error instanceof ApiError ? (error.info.details ?? []) : [] });

  async function load(next: Map<number, ImportChoice>) {
    setBusy(true);
    try {
      setPreview(await api.call('diary.import.preview', { profile, csv, choices: [...next.values()] }));
      setOutcome(null);
    } catch (error) {
      setPreview(null);
      setOutcome(failed(error));
    } finally {
      setBusy(false);
    }
  }

  function choose(line: number, change: Partial<ImportChoice> | null) {
    const next = new Map(choices);
    const merged = change === null ? undefined : { ...(next.get(line) ?? { line }), ...change };
    if (merged) next.set(line, merged);
    else next.delete(line);
    setChoices(next);
    void load(next);
  }

  async function confirm() {
    setBusy(true);
    try {
      const result = await api.call('diary.import.confirm', { profile, csv, choices: [...choices.values()], accept_weak: acceptWeak });
      setOutcome({ kind: 'imported', added: result.added, excluded: result.excluded });
      setPreview(null);
      onImported();
    } catch (error) {
      setOutcome(failed(error));
    } finally {
      setBusy(false);
    }
  }

  const open = preview?.rows.filter((row) => !settled(row, acceptWeak)) ?? [];
  const toImport = preview?.rows.filter((row) => row.status !== 'excluded').length ?? 0;

  return (
    <div className="app-import">
      <p className="hint">{t('diary.appImport.help', { app: format ? appExportNames[format] : 'MyFitnessPal' })}</p>
      <div className="actions">
        <button type="button" className="secondary" disabled={busy} onClick={() => void load(choices)}>
          {t('diary.appImport.preview')}
        </button>
      </div>
      {preview && (
        <>
          <p className="notice" role="status">
            {t('diary.appImport.summary', {
              app: appExportNames[preview.format],
              count: preview.counts.rows,
              ready: preview.counts.ready,
              open: open.length,
              from: preview.date_from ? formatDay(preview.date_from, language) : '—',
              to: preview.date_to ? formatDay(preview.date_to, language) : '—',
            })}
          </p>
          <div className="table-scroll">
            <table className="import-preview" aria-label={t('diary.appImport.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('diary.appImport.line')}</th>
                  <th scope="col">{t('diary.appImport.day')}</th>
                  <th scope="col">{t('diary.appImport.asWritten', { app: appExportNames[preview.format] })}</th>
                  <th scope="col">{t('diary.appImport.food')}</th>
                  <th scope="col">{t('diary.appImport.amount')}</th>
                  <th scope="col">{t('diary.appImport.state')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <PreviewRow key={row.line} row={row} language={language} acceptWeak={acceptWeak} busy={busy} choose={choose} />
                ))}
              </tbody>
            </table>
          </div>
          {preview.counts.weak > 0 && (
            <label className="checkbox">
              <input type="checkbox" checked={acceptWeak} onChange={(event) => setAcceptWeak(event.target.checked)} /> {t('diary.appImport.acceptWeak', { count: preview.counts.weak })}
            </label>
          )}
          <div className="actions">
            <button type="button" disabled={busy || open.length > 0 || toImport === 0} onClick={() => void confirm()}>
              {t('diary.appImport.confirm', { count: toImport })}
            </button>
          </div>
          {open.length > 0 && <p className="hint">{t('diary.appImport.blocked', { count: open.length, line: open[0]?.line, name: open[0]?.name })}</p>}
        </>
      )}
      {outcome?.kind === 'imported' && (
        <p className="notice notice-ok" role="status">
          {t('diary.appImport.imported', { count: outcome.added, excluded: outcome.excluded })}
        </p>
      )}
      {outcome?.kind === 'failed' && <ImportErrors message={outcome.message} details={outcome.details} />}
    </div>
  );
}

function PreviewRow({
  row,
  language,
  acceptWeak,
  busy,
  choose,
}: {
  row: ImportPreviewRow;
  language: Language;
  acceptWeak: boolean;
  busy: boolean;
  choose: (line: number, change: Partial<ImportChoice> | null) => void;
}) {
  const { t } = useTranslation();
  const [grams, setGrams] = useState('');
  const options = row.match && !row.candidates.some((candidate) => candidate.code === row.match?.code) ? [row.match, ...row.candidates] : row.candidates;
  const selected = row.status === 'excluded' ? leaveOut : (row.match?.code ?? '');
  const amount = row.portion
    ? `${formatQuantity(row.portion.quantity, language)} × ${row.portion.name[language]} (${formatNumber(row.grams ?? 0, language)} g)`
    : row.grams !== null
      ? `${formatNumber(row.grams, language)} g`
      : '—';
  const label = t('diary.appImport.foodFor', { line: row.line, name: row.name });
  return (
    <tr data-line={row.line} data-status={row.status} className={settled(row, acceptWeak) ? undefined : 'row-open'}>
      <td>{row.line}</td>
      <td>
        {formatDay(row.date, language)}
        <br />
        <span className="hint">{row.meal ? t(`diary.meals.${row.meal}`) : row.meal_written}</span>
      </td>
      <td>
        {row.name}
        <br />
        <span className="hint">{row.amount}</span>
      </td>
      <td className="import-food">
        {/* IFCT names run long ("Bitter gourd, jagged, smooth ridges, elongate"): the chosen food is written out in
            full, wrapping, since a closed select shows only as much of it as fits. */}
        {row.match && row.status !== 'excluded' && (
          <span className="import-food-name" data-code={row.match.code}>
            {row.match.name} <span className="hint">({row.match.code})</span>
          </span>
        )}
        <select
          aria-label={label}
          title={row.match && row.status !== 'excluded' ? `${row.match.name} (${row.match.code})` : undefined}
          value={selected}
          disabled={busy || row.status === 'invalid'}
          onChange={(event) =>
            choose(row.line, event.target.value === leaveOut ? { exclude: true, food: undefined } : event.target.value === '' ? null : { food: event.target.value, exclude: undefined })
          }
        >
          {row.match === null && <option value="">{t('diary.appImport.noMatch')}</option>}
          {options.map((candidate) => (
            <option key={candidate.code} value={candidate.code}>
              {candidate.name} ({candidate.code})
            </option>
          ))}
          <option value={leaveOut}>{t('diary.appImport.leaveOut')}</option>
        </select>
      </td>
      <td>
        {row.status === 'no_grams' ? (
          <form
            className="inline-grams"
            onSubmit={(event) => {
              event.preventDefault();
              const value = parseQuantity(grams);
              if (value !== null && value > 0) choose(row.line, { grams: value });
            }}
          >
            <input aria-label={t('diary.appImport.gramsFor', { line: row.line, name: row.name })} inputMode="decimal" size={6} value={grams} onChange={(event) => setGrams(event.target.value)} />
            <button type="submit" className="secondary" disabled={busy}>
              {t('diary.appImport.setGrams')}
            </button>
          </form>
        ) : (
          amount
        )}
      </td>
      <td>
        {row.status === 'excluded' ? (
          <span className="badge">{t('diary.appImport.status.excluded')}</span>
        ) : row.match && (row.status === 'ready' || row.status === 'weak') ? (
          row.chosen ? (
            <span className="badge">{t('diary.appImport.chosen')}</span>
          ) : (
            <Relevance relevance={row.match.relevance} />
          )
        ) : (
          <span className="badge badge-relevance-none">{t(`diary.appImport.status.${row.status}`)}</span>
        )}
        {row.status === 'invalid' && row.problem && <div className="hint">{row.problem}</div>}
      </td>
    </tr>
  );
}
