import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogFieldSummary, CatalogNote, CatalogSource } from '../../../../shared/contract';
import { useOperation } from '../../api/context';
import { Empty, ErrorState, Loading } from '../../components/states';
import { CopyButton } from './CopyButton';

/** Where the catalog screen is: its search, one field's page or one source's page (from `#/catalog/...`). */
export type CatalogRoute = { page: 'search' } | { page: 'field'; source: string; physicalName: string } | { page: 'source'; id: string };

/** Reads `#/catalog/field/<source>/<physical name>` and `#/catalog/source/<id>`; anything else is the search. */
export function catalogRouteFromHash(hash: string): CatalogRoute {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    });
  if (parts[0] !== 'catalog') return { page: 'search' };
  if (parts[1] === 'field' && parts[2] && parts[3]) return { page: 'field', source: parts[2], physicalName: parts[3] };
  if (parts[1] === 'source' && parts[2]) return { page: 'source', id: parts[2] };
  return { page: 'search' };
}

/** The link to a field's page. */
export function fieldHref(source: string, physicalName: string): string {
  return `#/catalog/field/${encodeURIComponent(source)}/${encodeURIComponent(physicalName)}`;
}

/** The link to a source's page. */
export function sourceHref(id: string): string {
  return `#/catalog/source/${encodeURIComponent(id)}`;
}

/** The route the address says, kept in step with the browser's back and forward. */
export function useCatalogRoute(): CatalogRoute {
  const [route, setRoute] = useState<CatalogRoute>(() => catalogRouteFromHash(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(catalogRouteFromHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return route;
}

/** Back where the user came from (the results, another page); opened from a link elsewhere, back to the catalog. */
function BackButton() {
  const { t } = useTranslation();
  const arrived = useRef(history.length);
  return (
    <nav className="page-back" aria-label={t('catalog.back')}>
      <button type="button" className="secondary small" onClick={() => (arrived.current > 1 ? history.back() : (location.hash = '#/catalog'))}>
        {t('catalog.back')}
      </button>{' '}
      <a href="#/catalog">{t('catalog.allSources')}</a>
    </nav>
  );
}

/** A page's heading takes the focus when the page opens, so a screen reader starts reading there. */
function PageHeading({ id, kind, children }: { id: string; kind: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), [children]);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="page-heading">
      <span className="page-kind">{kind}</span> {children}
    </h2>
  );
}

function SourceFacts({ source }: { source: CatalogSource }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('catalog.system')}</dt>
      <dd>
        <code>{source.system}</code>
      </dd>
      <dt>{t('catalog.owner')}</dt>
      <dd lang="es">{source.owner}</dd>
    </>
  );
}

/** One field: its physical name to copy, definition, type, source, every note with when it applies, related fields. */
export function FieldPage({ source, physicalName }: { source: string; physicalName: string }) {
  const { t } = useTranslation();
  const [page, reload] = useOperation('catalog.field', { source, physical_name: physicalName });
  if (page.state === 'loading') return <Loading />;
  if (page.state === 'error')
    return (
      <>
        <BackButton />
        <ErrorState message={page.message} code={page.code} onRetry={reload} />
      </>
    );
  const field = page.value;
  const quote = (terms: readonly string[]) => terms.map((term) => t('catalog.quoted', { term })).join(t('catalog.or'));
  const when = (note: CatalogNote) =>
    note.always
      ? t('catalog.whenAlways')
      : note.terms.length > 0
        ? t('catalog.whenMentions', { terms: quote(note.terms) })
        : note.language
          ? t('catalog.whenLanguage', { language: t(`catalog.languages.${note.language}`) })
          : t('catalog.whenOther');
  return (
    <article className="catalog-page" aria-labelledby="catalog-field-title" data-field={`${field.source.id}.${field.physical_name}`}>
      <BackButton />
      <div className="panel">
        <PageHeading id="catalog-field-title" kind={t('catalog.fieldPage')}>
          {field.business_name}
        </PageHeading>
        <dl className="facts">
          <dt>{t('catalog.physicalName')}</dt>
          <dd>
            <code>{field.physical_name}</code> <CopyButton text={field.physical_name} />
          </dd>
          <dt>{t('catalog.dataType')}</dt>
          <dd>
            <code>{field.data_type}</code>
          </dd>
          <dt>{t('catalog.source')}</dt>
          <dd>
            <a href={sourceHref(field.source.id)}>{field.source.name}</a>
          </dd>
          <SourceFacts source={field.source} />
          <dt>{t('catalog.definition')}</dt>
          <dd lang="es">{field.definition}</dd>
        </dl>
        <section aria-labelledby="catalog-field-notes" className="page-section">
          <h3 id="catalog-field-notes">{t('catalog.allNotes')}</h3>
          {field.notes.length === 0 ? (
            <p className="muted">{t('catalog.noNotes')}</p>
          ) : (
            <ul className="page-notes">
              {field.notes.map((note) => (
                <li key={note.note}>
                  <span lang="es">{note.note}</span> <span className="note-why">{when(note)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="catalog-field-related" className="page-section">
          <h3 id="catalog-field-related">{t('catalog.related')}</h3>
          <p className="hint">{t('catalog.relatedHelp', { name: field.business_name })}</p>
          {field.related.length === 0 ? <p className="muted">{t('catalog.noRelated')}</p> : <FieldTable fields={field.related} showSource label={t('catalog.related')} />}
        </section>
      </div>
    </article>
  );
}

/** One source: what it is, who owns it, and every field of it. */
export function SourcePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, reload] = useOperation('catalog.source', { id });
  if (page.state === 'loading') return <Loading />;
  if (page.state === 'error')
    return (
      <>
        <BackButton />
        <ErrorState message={page.message} code={page.code} onRetry={reload} />
      </>
    );
  const { source, fields } = page.value;
  return (
    <article className="catalog-page" aria-labelledby="catalog-source-title" data-source={source.id}>
      <BackButton />
      <div className="panel">
        <PageHeading id="catalog-source-title" kind={t('catalog.sourcePage')}>
          {source.name}
        </PageHeading>
        <p lang="es">{source.description}</p>
        <dl className="facts">
          <SourceFacts source={source} />
          <dt>{t('catalog.fields')}</dt>
          <dd>{source.fields}</dd>
        </dl>
        <section aria-labelledby="catalog-source-fields" className="page-section">
          <h3 id="catalog-source-fields">{t('catalog.sourceFields', { name: source.name })}</h3>
          {fields.length === 0 ? <Empty message={t('catalog.noHits')} /> : <FieldTable fields={fields} label={t('catalog.sourceFields', { name: source.name })} />}
        </section>
      </div>
    </article>
  );
}

/** Fields as a table whose business names open their pages. */
function FieldTable({ fields, showSource = false, label }: { fields: readonly CatalogFieldSummary[]; showSource?: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="table compact field-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('catalog.businessName')}</th>
            <th scope="col">{t('catalog.physicalName')}</th>
            {showSource && <th scope="col">{t('catalog.source')}</th>}
            <th scope="col">{t('catalog.dataType')}</th>
            <th scope="col" className="number">
              {t('catalog.notesCount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={`${field.source}.${field.physical_name}`} data-field={`${field.source}.${field.physical_name}`}>
              <th scope="row" lang="es">
                <a href={fieldHref(field.source, field.physical_name)}>{field.business_name}</a>
              </th>
              <td>
                <code>{field.physical_name}</code>
              </td>
              {showSource && (
                <td>
                  <a href={sourceHref(field.source)}>{field.source_name}</a>
                </td>
              )}
              <td>
                <code>{field.data_type}</code>
              </td>
              <td className="number">{field.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
