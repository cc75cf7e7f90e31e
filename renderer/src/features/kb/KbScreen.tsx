import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KbPassage, SearchHit } from '../../../../shared/contract';
import { useAction, useOperation } from '../../api/context';
import { AnswerView } from '../../components/answer/AnswerView';
import { FoundBy } from '../../components/FoundBy';
import { Relevance } from '../../components/Relevance';
import { Notices } from '../../components/Notices';
import { SearchField } from '../../components/SearchField';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useDebounced } from '../../components/useDebounced';
import { asLanguage } from '../../i18n/format';
import { CardReader } from './CardReader';
import { DrugSuggestions } from './DrugSuggestions';
import { KbAnswerLead } from './KbAnswerLead';
import { Markdown } from './Markdown';

type Mode = 'search' | 'ask';

/** The clinical KB: search passages, ask a question answered from the cards, read a card in full. */
export function KbScreen() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('ask');
  const [reading, setReading] = useState<string | null>(null);
  return (
    <section aria-labelledby="kb-title" className="screen">
      <header className="screen-header">
        <h1 id="kb-title">{t('kb.title')}</h1>
        <div className="segmented" role="group" aria-label={t('kb.modeLabel')}>
          {(['ask', 'search'] as const).map((option) => (
            <button key={option} type="button" className={mode === option ? '' : 'secondary'} aria-pressed={mode === option} onClick={() => setMode(option)}>
              {t(`kb.modes.${option}`)}
            </button>
          ))}
        </div>
      </header>
      <p className="banner banner-info" role="note">
        {t('kb.notAdvice')}
      </p>
      {mode === 'ask' ? <KbAsk onOpenCard={setReading} /> : <KbSearch onOpenCard={setReading} />}
      {reading && <CardReader cardId={reading} onClose={() => setReading(null)} />}
    </section>
  );
}

function KbAsk({ onOpenCard }: { onOpenCard: (cardId: string) => void }) {
  const { t, i18n } = useTranslation();
  const [question, setQuestion] = useState('');
  const [answer, ask] = useAction('ask');
  // The question just asked is complete: its last word ("what do I do") is not a drug name being typed.
  const [asked, setAsked] = useState<string | null>(null);
  return (
    <>
      <SearchField
        label={t('kb.askLabel')}
        value={question}
        onChange={setQuestion}
        onSubmit={() => {
          setAsked(question);
          void ask({ corpus: 'kb', question, language: asLanguage(i18n.language) });
        }}
        submitLabel={t('kb.askSubmit')}
        placeholder={t('kb.askPlaceholder')}
        busy={answer.state === 'running'}
        multiline
      />
      {question !== asked && <DrugSuggestions text={question} onPick={setQuestion} />}
      {answer.state === 'idle' && <CardLibrary onOpenCard={onOpenCard} />}
      {answer.state === 'running' && <Loading label={t('kb.thinking')} />}
      {answer.state === 'error' && <ErrorState message={answer.message} code={answer.code} />}
      {answer.state === 'done' && (
        <>
          <KbAnswerLead output={answer.value} onOpenCard={onOpenCard} />
          <AnswerView output={answer.value} onOpenCard={onOpenCard} leadShown={answer.value.answerability !== undefined} />
        </>
      )}
    </>
  );
}

function KbSearch({ onOpenCard }: { onOpenCard: (cardId: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const settled = useDebounced(query.trim(), 300);
  const [results, reload] = useOperation('search', settled ? { corpus: 'kb', query: settled, k: 10 } : null);
  return (
    <>
      <SearchField label={t('kb.searchLabel')} value={query} onChange={setQuery} placeholder={t('kb.searchPlaceholder')} />
      <DrugSuggestions text={query} onPick={setQuery} />
      {!settled ? (
        <CardLibrary onOpenCard={onOpenCard} />
      ) : results.state === 'loading' ? (
        <Loading />
      ) : results.state === 'error' ? (
        <ErrorState message={results.message} code={results.code} onRetry={reload} />
      ) : (
        <>
          <Notices notices={results.value.notices} />
          {/* A refused search still lists the closest passages, each marked by its relevance; the notice says why. */}
          {results.value.hits.length === 0 ? (
            <Empty message={t('kb.noHits')} />
          ) : (
            <ol className="card-list" aria-label={t('kb.resultsLabel')}>
              {results.value.hits.map((hit) => (hit.kb ? <PassageHit key={hit.id} hit={hit} passage={hit.kb} onOpenCard={onOpenCard} /> : null))}
            </ol>
          )}
        </>
      )}
    </>
  );
}

function PassageHit({ hit, passage, onOpenCard }: { hit: SearchHit; passage: KbPassage; onOpenCard: (cardId: string) => void }) {
  const { t } = useTranslation();
  return (
    <li className="panel kb-hit">
      <article aria-label={passage.title} lang="en">
        <header className="hit-header">
          <h2 className="hit-heading">{passage.title}</h2>
          <Relevance relevance={hit.relevance} />
          <FoundBy foundBy={hit.found_by} near={hit.explain.keyword_match === 'fuzzy'} />
        </header>
        <p className="muted">
          {t(`kb.categories.${passage.category}`, { defaultValue: passage.category })} · {passage.section}
        </p>
        <Markdown text={passage.passage} />
        <p className="small-text">
          {t('kb.source')}{' '}
          {passage.source_url ? (
            <a href={passage.source_url} target="_blank" rel="noopener noreferrer">
              {passage.source_name}
            </a>
          ) : (
            passage.source_name
          )}
        </p>
        <button type="button" className="secondary small" onClick={() => onOpenCard(passage.card_id)}>
          {t('kb.openCard', { title: passage.title })}
        </button>
      </article>
    </li>
  );
}

/** Every card by category, so a clinician can browse before (or instead of) asking. */
function CardLibrary({ onOpenCard }: { onOpenCard: (cardId: string) => void }) {
  const { t } = useTranslation();
  const [cards, reload] = useOperation('kb.cards', {});
  if (cards.state === 'loading') return <Loading />;
  if (cards.state === 'error') return <ErrorState message={cards.message} code={cards.code} onRetry={reload} />;
  if (cards.value.length === 0) return <Empty message={t('kb.noCards')} />;
  const categories = [...new Set(cards.value.map((card) => card.category))];
  return (
    <section aria-labelledby="kb-library" className="library">
      <h2 id="kb-library">{t('kb.library', { count: cards.value.length })}</h2>
      {categories.map((category) => (
        <section key={category} aria-labelledby={`kb-category-${category}`}>
          <h3 id={`kb-category-${category}`}>{t(`kb.categories.${category}`)}</h3>
          <ul className="library-list">
            {cards.value
              .filter((card) => card.category === category)
              .map((card) => (
                <li key={card.id}>
                  <button type="button" className="link-button" lang="en" onClick={() => onOpenCard(card.id)}>
                    {card.title}
                  </button>
                  <span className="muted small-text"> · {card.source_name}</span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
