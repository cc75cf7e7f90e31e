import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearSpelling, type Food, type OperationOutput, type SearchHit } from '../../../../shared/contract';
import { useOperation, type Loadable } from '../../api/context';
import { FoundBy } from '../../components/FoundBy';
import { Relevance } from '../../components/Relevance';
import { Notices } from '../../components/Notices';
import { SearchField } from '../../components/SearchField';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useDebounced } from '../../components/useDebounced';
import { foodGroupLabel } from '../../i18n/food-groups';
import { asLanguage } from '../../i18n/format';
import { ProfilePicker, useProfile } from '../../profile/profile';
import { FoodDetail } from './FoodDetail';
import { FoodForm } from './FoodForm';

type Pane = { kind: 'none' } | { kind: 'detail'; food: Food } | { kind: 'add' } | { kind: 'edit'; food: Food };

/** Search-as-you-type over the foods catalog, each food's nutrients per 100 g, and the profile's own foods. */
export function FoodsScreen() {
  const { t } = useTranslation();
  const { profile } = useProfile();
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim(), 200);
  const [results, reload] = useOperation('search', settled ? { corpus: 'foods', query: settled, k: 20, profile } : null);
  const [pane, setPane] = useState<Pane>({ kind: 'none' });
  const [saved, setSaved] = useState<string | null>(null);

  function onSaved(food: Food) {
    setSaved(t('foods.saved', { name: food.name }));
    setPane({ kind: 'detail', food });
    if (settled) reload();
  }

  return (
    <section aria-labelledby="foods-title" className="screen">
      <header className="screen-header">
        <h1 id="foods-title">{t('foods.title')}</h1>
        <ProfilePicker />
      </header>
      <SearchField label={t('foods.searchLabel')} value={query} onChange={setQuery} placeholder={t('foods.searchPlaceholder')}>
        <button type="button" className="secondary" onClick={() => setPane({ kind: 'add' })}>
          {t('foods.add')}
        </button>
      </SearchField>
      {saved && (
        <p className="notice notice-ok" role="status">
          {saved}
        </p>
      )}
      <div className="split">
        <div className="split-main">
          <Results settled={settled} results={results} onRetry={reload} selected={pane.kind === 'detail' ? pane.food.code : null} onSelect={(food) => setPane({ kind: 'detail', food })} />
        </div>
        {/* It scrolls on its own on wide screens (a food's nutrients and units are long): focusable, so a keyboard can scroll it. */}
        <div className="split-side" tabIndex={0} role="region" aria-label={t('foods.sidePanel')}>
          {pane.kind === 'detail' && <FoodDetail food={pane.food} {...(pane.food.owner === profile ? { onEdit: () => setPane({ kind: 'edit', food: pane.food }) } : {})} />}
          {pane.kind === 'add' && <FoodForm key="add" profile={profile} onSaved={onSaved} onCancel={() => setPane({ kind: 'none' })} />}
          {pane.kind === 'edit' && <FoodForm key={`edit-${pane.food.code}`} profile={profile} food={pane.food} onSaved={onSaved} onCancel={() => setPane({ kind: 'detail', food: pane.food })} />}
          {pane.kind === 'none' && <Empty message={t('foods.pickOne')} />}
        </div>
      </div>
    </section>
  );
}

function Results({
  settled,
  results,
  onRetry,
  selected,
  onSelect,
}: {
  settled: string;
  results: Loadable<OperationOutput<'search'>>;
  onRetry: () => void;
  selected: string | null;
  onSelect: (food: Food) => void;
}) {
  const { t } = useTranslation();
  if (!settled) return <Empty message={t('foods.startTyping')} />;
  if (results.state === 'loading') return <Loading />;
  if (results.state === 'error') return <ErrorState message={results.message} code={results.code} onRetry={onRetry} />;
  const { hits, notices } = results.value;
  return (
    <>
      <Notices notices={notices} />
      <p className="muted" role="status">
        {t('foods.count', { count: hits.length, query: settled })}
      </p>
      {hits.length === 0 ? (
        <Empty message={t('foods.noHits')} />
      ) : (
        <ul className="hit-list" aria-label={t('foods.resultsLabel')}>
          {hits.map((hit) => (hit.food ? <FoodHit key={hit.id} hit={hit} food={hit.food} selected={selected === hit.id} onSelect={onSelect} /> : null))}
        </ul>
      )}
    </>
  );
}

function FoodHit({ hit, food, selected, onSelect }: { hit: SearchHit; food: Food; selected: boolean; onSelect: (food: Food) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button type="button" className="hit" aria-pressed={selected} onClick={() => onSelect(food)}>
        <span className="hit-title">{food.name}</span>
        {food.brand && <span className="hit-brand">{food.brand}</span>}
        <span className="hit-meta">
          <Relevance relevance={hit.relevance} />
          <FoundBy foundBy={hit.found_by} near={nearSpelling(hit)} />
          {food.owner ? <span className="badge badge-own">{t('foods.ownBadge')}</span> : <span className="muted">{foodGroupLabel(food.food_group, asLanguage(i18n.language)) || food.source}</span>}
        </span>
        {/* A concept member says which published definition it meets ("oily fish: … on the UK FSA list; fat …"). */}
        {hit.explain.concept && <span className="hit-brand muted">{hit.explain.concept}</span>}
      </button>
    </li>
  );
}
