import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiaryImport } from '../../../../shared/contract';
import { messageOf, useApi } from '../../api/context';
import { ApiError } from '../../api/client';
import { detectDiaryFormat, headerCells } from '../../../../shared/diary-import-formats';
import { asLanguage, formatDay } from '../../i18n/format';
import { AppImport } from './AppImport';
import { ImportErrors } from './ImportErrors';

type Check = { kind: 'valid'; result: DiaryImport } | { kind: 'invalid'; message: string; details: string[] } | { kind: 'imported'; result: DiaryImport };

/** CSV import, all or nothing: check first (a dry run that lists every bad line), then import what was checked. */
export function CsvImport({ profile, onImported }: { profile: string; onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const day = (date: string | null) => (date ? formatDay(date, asLanguage(i18n.language)) : '—');
  const api = useApi();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [busy, setBusy] = useState(false);
  // Another app's export goes through matching; cita's own CSV (or anything else) through the line check.
  const format = csv.trim() === '' ? null : detectDiaryFormat(headerCells(csv));
  const fromApp = format === 'cronometer' || format === 'myfitnesspal' || format === 'myfitnesspal_summary';

  async function run(dryRun: boolean) {
    setBusy(true);
    try {
      const result = await api.call('diary.import', { profile, csv, dry_run: dryRun });
      setCheck(dryRun ? { kind: 'valid', result } : { kind: 'imported', result });
      if (!dryRun) onImported();
    } catch (error) {
      setCheck({ kind: 'invalid', message: messageOf(error), details: error instanceof ApiError ? (error.info.details ?? []) : [] });
    } finally {
      setBusy(false);
    }
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    const text = await file.text();
    setFileName(file.name);
    setCsv(text);
    setCheck(null);
  }

  return (
    <section aria-labelledby="diary-import-title" className="panel csv-import">
      <h2 id="diary-import-title">{t('diary.importTitle')}</h2>
      <p className="hint">{t('diary.importHelp')}</p>
      <p className="hint">{t('diary.importHelpApps')}</p>
      <pre className="example" aria-label={t('diary.importExample')}>
        {'date,meal,food_code,grams\n2026-07-02,lunch,A015,80'}
      </pre>
      <div className="form-row">
        <div className="field">
          <label htmlFor="import-file">{t('diary.importFile')}</label>
          <input id="import-file" type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event.target.files?.[0])} />
        </div>
      </div>
      <label htmlFor="import-text">{fileName ? t('diary.importTextFrom', { name: fileName }) : t('diary.importText')}</label>
      <textarea
        id="import-text"
        className="import-text"
        rows={6}
        spellCheck={false}
        value={csv}
        onChange={(event) => {
          setCsv(event.target.value);
          setCheck(null);
        }}
      />
      {fromApp && <AppImport key={csv} profile={profile} csv={csv} format={format === 'myfitnesspal_summary' ? null : format} onImported={onImported} />}
      {!fromApp && (
        <>
          <div className="actions">
            <button type="button" className="secondary" disabled={busy || csv.trim() === ''} onClick={() => void run(true)}>
              {t('diary.importCheck')}
            </button>
            <button type="button" disabled={busy || check?.kind !== 'valid'} onClick={() => void run(false)}>
              {check?.kind === 'valid' ? t('diary.importDo', { count: check.result.rows }) : t('diary.importDoUnchecked')}
            </button>
          </div>
          {check?.kind === 'valid' && (
            <p className="notice notice-ok" role="status">
              {t('diary.importValid', { count: check.result.rows, from: day(check.result.date_from), to: day(check.result.date_to) })}
            </p>
          )}
          {check?.kind === 'imported' && (
            <p className="notice notice-ok" role="status">
              {t('diary.imported', { count: check.result.added, from: day(check.result.date_from), to: day(check.result.date_to) })}
            </p>
          )}
          {check?.kind === 'invalid' && (
            <ImportErrors message={check.message} details={check.details}>
              <p>{t('diary.importFix')}</p>
            </ImportErrors>
          )}
        </>
      )}
    </section>
  );
}
