import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogHit, CatalogNote, SearchHit } from '../../../../shared/contract';
import { useOperation } from '../../api/context';
import { FoundBy } from '../../components/FoundBy';
import { Relevance } from '../../components/Relevance';
import { Notices } from '../../components/Notices';
import { SearchField } from '../../components/SearchField';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useDebounced } from '../../components/useDebounced';
import { asLanguage, formatNumber } from '../../i18n/format';
import { FieldPage, fieldHref, SourcePage, sourceHref, useCatalogRoute } from './CatalogPages';
import { CopyButton } from './CopyButton';

/**
 * Search the business data catalog: CatalogHit cards with their source and the tribal notes that apply; a card's
 * field and source open their own pages (`#/catalog/field/…`, `#/catalog/source/…`). The search stays mounted under
 * them, so the browser's back returns to the same results.
 */
export function CatalogScreen() {
  const route = useCatalogRoute();
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim(), 300);
  const [settings] = useOperation('settings.get', {});
  const [results, reload] = useOperation('search', settled ? { corpus: 'catalog', query: settled, k: 10 } : null);
  const phase = settings.state === 'ready' ? settings.value.catalog.phase : null;
  const fusion = settings.state === 'ready' ? settings.value.fusion : null;
  return (
    <section aria-labelledby="catalog-title" className="screen">
      <header className="screen-header">
        <h1 id="catalog-title">{t('catalog.title')}</h1>
        {phase && fusion && (
          <div className="phase" data-phase={phase}>
            <p className="phase-plain">{t(phase === 'hybrid' ? 'catalog.plainHybrid' : 'catalog.plainKeyword')}</p>
            <details className="phase-details">
              <summary>{t('catalog.howRanked')}</summary>
              <p className="muted">
                <span className="badge badge-phase">{t(`catalog.phase.${phase}`)}</span>{' '}
                {phase === 'hybrid'
                  ? t('catalog.phaseHybridHelp', { keyword: formatNumber(fusion.keyword_weight, language, 2), vector: formatNumber(fusion.vector_weight, language, 2) })
                  : t('catalog.phaseKeywordHelp')}{' '}
                <a href="#/settings">{t('catalog.changePhase')}</a>
              </p>
            </details>
          </div>
        )}
      </header>
      {route.page === 'field' && <FieldPage key={`${route.source}.${route.physicalName}`} source={route.source} physicalName={route.physicalName} />}
      {route.page === 'source' && <SourcePage key={route.id} id={route.id} />}
      <div hidden={route.page !== 'search'}>
        <SearchField label={t('catalog.searchLabel')} value={query} onChange={setQuery} placeholder={t('catalog.searchPlaceholder')} />
        {!settled ? (
          <Sources />
        ) : results.state === 'loading' ? (
          <Loading />
        ) : results.state === 'error' ? (
          <ErrorState message={results.message} code={results.code} onRetry={reload} />
        ) : (
          <>
            <Notices notices={results.value.notices} />
            <p className="muted" role="status">
              {t('catalog.count', { count: results.value.hits.length, query: settled })}
            </p>
            {results.value.hits.length === 0 ? (
              <Empty message={t('catalog.noHits')} />
            ) : (
              <ol className="card-list" aria-label={t('catalog.resultsLabel')}>
                {results.value.hits.map((hit) => (hit.catalog ? <CatalogCard key={hit.id} hit={hit} field={hit.catalog} /> : null))}
              </ol>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function CatalogCard({ hit, field }: { hit: SearchHit; field: CatalogHit }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  return (
    <li className="panel catalog-hit">
      <article aria-label={field.business_name}>
        <header className="hit-header">
          <h2 className="hit-heading">
            <a href={fieldHref(field.source, field.physical_name)}>{field.business_name}</a>
          </h2>
          <Relevance relevance={hit.relevance} />
          <FoundBy foundBy={hit.found_by} near={hit.explain.keyword_match === 'fuzzy'} />
        </header>
        <p lang="es">{field.definition}</p>
        <dl className="facts compact">
          <dt>{t('catalog.physicalName')}</dt>
          <dd>
            <code>{field.physical_name}</code> <CopyButton text={field.physical_name} />
            {field.data_type && <span className="muted"> · {field.data_type}</span>}
          </dd>
          <dt>{t('catalog.source')}</dt>
          <dd>
            <a href={sourceHref(field.source)}>{field.source_name}</a> <span className="muted">({field.source})</span>
          </dd>
        </dl>
        {/* The badge says how close the match is; the raw score, which only orders the list, is there on request. */}
        <details className="ranking-details">
          <summary>{t('catalog.ranking')}</summary>
          <p className="hint">{t('catalog.rankingScore', { score: formatNumber(field.score, language, 3) })}</p>
        </details>
        <TribalNotes field={field} />
      </article>
    </li>
  );
}

/**
 * The notes that apply, each with why ("your question mentions 'morosidad'"), then the others of the field, folded,
 * each with what a question would mention for it to apply. Hits from before notes were explained show their list.
 */
function TribalNotes({ field }: { field: CatalogHit }) {
  const { t } = useTranslation();
  const explained = field.notes;
  const applying = explained ? explained.filter((note) => note.applies) : field.tribal_notes.map((note) => ({ note, applies: true, always: false, matched: [], terms: [], language: null }));
  const others = explained ? explained.filter((note) => !note.applies) : [];
  const quote = (terms: readonly string[]) => terms.map((term) => t('catalog.quoted', { term })).join(t('catalog.or'));
  const why = (note: CatalogNote) =>
    note.always
      ? t('catalog.whyAlways')
      : note.matched.length > 0
        ? t('catalog.whyMentions', { terms: quote(note.matched) })
        : note.language
          ? t('catalog.whyLanguage', { language: t(`catalog.languages.${note.language}`) })
          : '';
  const when = (note: CatalogNote) =>
    note.terms.length > 0
      ? t('catalog.whenMentions', { terms: quote(note.terms) })
      : note.language
        ? t('catalog.whenLanguage', { language: t(`catalog.languages.${note.language}`) })
        : t('catalog.whenOther');
  return (
    <>
      {applying.length > 0 && (
        <aside className="tribal-notes" aria-label={t('catalog.tribalNotes')}>
          <h3>{t('catalog.tribalNotes')}</h3>
          <ul>
            {applying.map((note) => (
              <li key={note.note}>
                <span lang="es">{note.note}</span>
                {why(note) && <span className="note-why"> {why(note)}</span>}
              </li>
            ))}
          </ul>
        </aside>
      )}
      {others.length > 0 && (
        <details className="other-notes">
          <summary>{t('catalog.otherNotes', { count: others.length })}</summary>
          <ul>
            {others.map((note) => (
              <li key={note.note}>
                <span lang="es">{note.note}</span> <span className="note-why">{when(note)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** Before a search: what the catalog holds, so the user knows what to ask for. */
function Sources() {
  const { t } = useTranslation();
  const [sources, reload] = useOperation('catalog.sources', {});
  if (sources.state === 'loading') return <Loading />;
  if (sources.state === 'error') return <ErrorState message={sources.message} code={sources.code} onRetry={reload} />;
  if (sources.value.length === 0) return <Empty message={t('catalog.noSources')} />;
  return (
    <section aria-labelledby="catalog-sources">
      <h2 id="catalog-sources">{t('catalog.sources')}</h2>
      <p className="hint">{t('catalog.startTyping')}</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('catalog.sourceName')}</th>
            <th scope="col">{t('catalog.system')}</th>
            <th scope="col">{t('catalog.owner')}</th>
            <th scope="col" className="number">
              {t('catalog.fields')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sources.value.map((source) => (
            <tr key={source.id}>
              <th scope="row">
                <a href={sourceHref(source.id)}>{source.name}</a>
                <div className="muted small-text" lang="es">
                  {source.description}
                </div>
              </th>
              <td>{source.system}</td>
              <td>{source.owner}</td>
              <td className="number">{source.fields}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
