import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IngestCounts, Status } from '../../../../shared/contract';
import { messageOf, useApi, useOperation } from '../../api/context';
import { useThrottled } from '../../components/useThrottled';
import { Empty, ErrorState, Loading } from '../../components/states';
import { asLanguage, formatNumber } from '../../i18n/format';
import { embedderChoiceText, embedderInUseText } from './embedder-choice';
import { crossLanguageVectors, pendingVectors } from './pending-vectors';
import { ReembedActions } from './ReembedActions';
import { ReembedProgress } from './ReembedProgress';
import { useReembedJob } from './useReembedJob';

const ingestible = new Set(['foods', 'catalog', 'kb']);

/** Per-corpus rows, vectors (cross-language ones too) and stale vectors, the embedder and its model file; re-embed and re-ingest. */
export function StatusScreen() {
  const { t } = useTranslation();
  const [status, reload] = useOperation('status', {}, { keepWhileReloading: true });
  const onFinished = useCallback(() => reload(), [reload]);
  // The table's vector counts follow the job as it runs, not only when it ends.
  const live = useThrottled(onFinished, 2000);
  const reembed = useReembedJob(onFinished, live);
  if (status.state === 'error') return <ErrorState message={status.message} code={status.code} onRetry={reload} />;
  return (
    <section aria-labelledby="status-title" className="screen">
      <header className="screen-header">
        <h1 id="status-title">{t('status.title')}</h1>
        <button type="button" className="secondary" onClick={reload}>
          {t('status.refresh')}
        </button>
      </header>
      {status.state === 'loading' ? <Loading /> : <StatusBody status={status.value} reembed={reembed} onIngested={reload} />}
    </section>
  );
}

function StatusBody({ status, reembed, onIngested }: { status: Status; reembed: ReturnType<typeof useReembedJob>; onIngested: () => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const api = useApi();
  const [ingesting, setIngesting] = useState<string | null>(null);
  const [ingested, setIngested] = useState<{ kind: 'ok'; counts: IngestCounts } | { kind: 'error'; message: string } | null>(null);
  const { app, embedder, reranker, corpora } = status;
  const pending = pendingVectors(status);
  const running = reembed.job?.state === 'running';

  async function ingest(corpus: 'foods' | 'catalog' | 'kb') {
    setIngesting(corpus);
    setIngested(null);
    try {
      setIngested({ kind: 'ok', counts: await api.call('ingest', { corpus }) });
      onIngested();
    } catch (error) {
      setIngested({ kind: 'error', message: messageOf(error) });
    } finally {
      setIngesting(null);
    }
  }

  return (
    <>
      <dl className="facts">
        <dt>{t('status.embedder')}</dt>
        <dd className="in-use" data-embedder={embedder.id ?? 'none'}>
          {/* The same words as Settings' "In use now", then the exact id the vectors are stored under. */}
          <span className="in-use-line">{embedderInUseText(t, embedder.id)}</span>
          {embedder.id && (
            <>
              {' '}
              <code>{embedder.id}</code>
            </>
          )}
        </dd>
        <dt>{t('status.mode')}</dt>
        <dd>{t(`status.modes.${embedder.mode}`)}</dd>
        {embedder.choice && (
          <>
            <dt>{t('status.selected')}</dt>
            <dd className="embedder-choice" data-reason={embedder.choice.reason}>
              {embedderChoiceText(t, embedder.choice, embedder.problem)}
            </dd>
          </>
        )}
        <dt>{t('status.model')}</dt>
        <dd>
          {embedder.model_path ?? t('status.none')}
          {embedder.model_path && (embedder.model_sha256 ? ` (SHA-256 ${embedder.model_sha256.slice(0, 16)}…)` : ` (${t('status.notVerified')})`)}
        </dd>
        {embedder.batching && (
          <>
            <dt>{t('status.batching')}</dt>
            <dd className="embedder-batching" data-mode={embedder.batching.mode}>
              {embedder.batching.mode === 'equal-length' ? t('status.batchingEqualLength') : t('status.batchingOneAtATime', { reason: embedder.batching.problem ?? '—' })}
            </dd>
          </>
        )}
        <dt>{t('status.reranker')}</dt>
        <dd>{reranker.id ? <code>{reranker.id}</code> : t('status.rerankerOff', { reason: reranker.problem ?? '—' })}</dd>
        {status.kb_examples && (
          <>
            <dt>{t('status.kbExamples')}</dt>
            <dd className="kb-examples">
              {t('status.kbExamplesCount', { answered: formatNumber(status.kb_examples.answered, language), unanswered: formatNumber(status.kb_examples.unanswered, language) })}
              {status.kb_examples.variant && <> · {t('status.kbExamplesVariant', { variant: status.kb_examples.variant, bar: formatNumber(status.kb_examples.first_card_bar ?? 0, language, 2) })}</>}
              {status.kb_examples.problem && <> · {t('status.kbExamplesOff', { reason: status.kb_examples.problem })}</>}
            </dd>
          </>
        )}
      </dl>
      {embedder.mode === 'keyword-only' && <p className="hint">{t('status.keywordOnlyHelp')}</p>}
      <p className="muted">{t('status.schema', { version: app.schema_version, path: app.database })}</p>
      {status.warnings.map((warning) => (
        <p key={warning.corpus} className="banner banner-warning" role="status">
          {t('status.storeSize', {
            corpus: t(`corpora.${warning.corpus}`, { defaultValue: warning.corpus }),
            vectors: formatNumber(warning.vectors, language),
            dimensions: formatNumber(warning.dimensions, language),
            limit: formatNumber(warning.limit, language),
          })}
        </p>
      ))}
      {corpora.length === 0 ? (
        <Empty message={t('status.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="table status-table">
            <caption className="visually-hidden">{t('status.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('status.corpus')}</th>
                <th scope="col" className="number">
                  {t('status.rows')}
                </th>
                <th scope="col" className="number">
                  {t('status.vectors')}
                </th>
                <th scope="col" className="number">
                  {t('status.stale')}
                </th>
                <th scope="col" className="number">
                  {t('status.missing')}
                </th>
                <th scope="col" className="number">
                  {t('status.crossLanguageVectors')}
                </th>
                <th scope="col">{t('status.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {corpora.map((corpus) => (
                <tr key={corpus.corpus}>
                  <th scope="row">{t(`corpora.${corpus.corpus}`, { defaultValue: corpus.corpus })}</th>
                  {/* data-label: in a narrow window each row is a card that names its figures (styles.css). */}
                  <td className="number" data-label={t('status.rows')}>
                    {formatNumber(corpus.rows, language)}
                  </td>
                  <td className="number" data-label={t('status.vectors')}>
                    {formatNumber(corpus.vectors, language)}
                  </td>
                  <td className="number" data-label={t('status.stale')}>
                    {formatNumber(corpus.stale, language)}
                  </td>
                  <td className="number" data-label={t('status.missing')}>
                    {formatNumber(corpus.missing, language)}
                  </td>
                  <CrossLanguageCell count={crossLanguageVectors(status, corpus.corpus)} />
                  <td className="status-actions">
                    {ingestible.has(corpus.corpus) && (
                      <button
                        type="button"
                        className="secondary small"
                        disabled={ingesting !== null || running}
                        aria-label={t('status.reingestOne', { corpus: t(`corpora.${corpus.corpus}`, { defaultValue: corpus.corpus }) })}
                        onClick={() => void ingest(corpus.corpus as 'foods' | 'catalog' | 'kb')}
                      >
                        {ingesting === corpus.corpus ? t('status.reingesting') : t('status.reingest')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ingested?.kind === 'ok' && (
        <p className="notice notice-ok" role="status">
          {t('status.ingested', { ...ingested.counts, corpus: t(`corpora.${ingested.counts.corpus}`, { defaultValue: ingested.counts.corpus }) })}
        </p>
      )}
      {ingested?.kind === 'error' && <ErrorState message={ingested.message} />}

      <h2 id="reembed-title">{t('status.reembedTitle')}</h2>
      <p>{pending > 0 ? t('status.pending', { count: pending }) : t('status.upToDate')}</p>
      <ReembedActions reembed={reembed} unavailable={embedder.mode === 'keyword-only'} />
      {embedder.mode === 'keyword-only' && <p className="hint">{t('status.reembedNeedsModel')}</p>}
      {reembed.job && <ReembedProgress job={reembed.job} />}
      {reembed.error && <ErrorState message={reembed.error} />}
    </>
  );
}

/** A corpus's vectors in the cross-language space, or "off" while that path is off. */
function CrossLanguageCell({ count }: { count: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <td className="number" data-label={t('status.crossLanguageVectors')}>
      {count === null ? t('status.crossLanguageOff') : formatNumber(count, asLanguage(i18n.language))}
    </td>
  );
}
