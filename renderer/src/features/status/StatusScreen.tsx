import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/context';
import { Empty, ErrorState, Loading } from '../../components/states';

/** Per-corpus rows, vectors and stale vectors, the embedder and its model file. */
export function StatusScreen() {
  const { t } = useTranslation();
  const [status, reload] = useOperation('status', {});
  if (status.state === 'loading') return <Loading />;
  if (status.state === 'error') return <ErrorState message={status.message} onRetry={reload} />;
  const { app, embedder, corpora } = status.value;
  return (
    <section aria-labelledby="status-title">
      <h1 id="status-title">{t('status.title')}</h1>
      <dl className="facts">
        <dt>{t('status.embedder')}</dt>
        <dd>{embedder.id ?? t('status.none')}</dd>
        <dt>{t('status.mode')}</dt>
        <dd>{embedder.mode}</dd>
        <dt>{t('status.model')}</dt>
        <dd>{embedder.model_path ? `${embedder.model_path} (sha256 ${embedder.model_sha256?.slice(0, 16)}…)` : t('status.none')}</dd>
      </dl>
      <p className="muted">{t('status.schema', { version: app.schema_version, path: app.database })}</p>
      {corpora.length === 0 ? (
        <Empty message={t('status.empty')} />
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('status.corpus')}</th>
              <th scope="col">{t('status.rows')}</th>
              <th scope="col">{t('status.vectors')}</th>
              <th scope="col">{t('status.stale')}</th>
              <th scope="col">{t('status.missing')}</th>
            </tr>
          </thead>
          <tbody>
            {corpora.map((corpus) => (
              <tr key={corpus.corpus}>
                <th scope="row">{corpus.corpus}</th>
                <td>{corpus.rows}</td>
                <td>{corpus.vectors}</td>
                <td>{corpus.stale}</td>
                <td>{corpus.missing}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
