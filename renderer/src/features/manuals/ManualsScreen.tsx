import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualSummary } from '../../../../shared/contract';
import { useOperation } from '../../api/context';
import { Empty, ErrorState, Loading } from '../../components/states';
import { nestSections, type ManualNode } from './manual-tree';

/** The manuals: each long manual as its tree of sections, every section with its extractive summary. */
export function ManualsScreen() {
  const { t } = useTranslation();
  const [manuals, reload] = useOperation('manuals.list', {});
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <section aria-labelledby="manuals-title" className="screen">
      <header className="screen-header">
        <h1 id="manuals-title">{t('manuals.title')}</h1>
      </header>
      {manuals.state === 'loading' && <Loading />}
      {manuals.state === 'error' && <ErrorState message={manuals.message} code={manuals.code} onRetry={reload} />}
      {manuals.state === 'ready' && manuals.value.length === 0 && <Empty message={t('manuals.empty')} />}
      {manuals.state === 'ready' && manuals.value.length > 0 && <ManualPicker manuals={manuals.value} chosen={chosen ?? (manuals.value[0] as ManualSummary).id} onChoose={setChosen} />}
    </section>
  );
}

function ManualPicker({ manuals, chosen, onChoose }: { manuals: ManualSummary[]; chosen: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="segmented" role="group" aria-label={t('manuals.listLabel')}>
        {manuals.map((manual) => (
          <button key={manual.id} type="button" className={manual.id === chosen ? '' : 'secondary'} aria-pressed={manual.id === chosen} onClick={() => onChoose(manual.id)}>
            {manual.title}
          </button>
        ))}
      </div>
      <ManualTreeView id={chosen} />
    </>
  );
}

function ManualTreeView({ id }: { id: string }) {
  const { t } = useTranslation();
  const [manual, reload] = useOperation('manuals.tree', { id });
  if (manual.state === 'loading') return <Loading />;
  if (manual.state === 'error') return <ErrorState message={manual.message} code={manual.code} onRetry={reload} />;
  const value = manual.value;
  return (
    <article lang="en" className="manual" data-manual={value.id} aria-labelledby="manual-title">
      <h2 id="manual-title">{value.title}</h2>
      <p className="reader-source">
        {t('manuals.source')} {/* A manual read from a file of the user's own has no web address: its source is the file's name. */}
        {value.source_url ? (
          <a href={value.source_url} target="_blank" rel="noopener noreferrer">
            {value.source_name}
          </a>
        ) : (
          <span>{value.source_name}</span>
        )}{' '}
        · {t('manuals.size', { sections: value.sections, passages: value.passages })}
      </p>
      <ul className="manual-tree" aria-label={t('manuals.treeLabel', { title: value.title })}>
        {nestSections(value.tree).map((node) => (
          <SectionNode key={node.section.index} node={node} />
        ))}
      </ul>
    </article>
  );
}

function SectionNode({ node }: { node: ManualNode }) {
  const { t } = useTranslation();
  const { section } = node;
  return (
    <li data-section={section.key}>
      <details open={section.level <= 2}>
        <summary>
          <span className="manual-heading">{section.heading}</span> <span className="manual-count">{t('manuals.passages', { count: section.passages })}</span>
        </summary>
        {section.summary.length > 0 && (
          <p className="manual-summary" title={section.summary_by === 'lead' ? t('manuals.leadSummary') : t('manuals.chosenSummary')}>
            {section.summary}
          </p>
        )}
        {node.children.length > 0 && (
          <ul>
            {node.children.map((child) => (
              <SectionNode key={child.section.index} node={child} />
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}
