import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/context';
import { ErrorState, Loading } from '../../components/states';
import { Markdown } from './Markdown';

/** A clinical card in full, in a modal dialog: sections, source name and URL, last review. */
export function CardReader({ cardId, onClose }: { cardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [card, reload] = useOperation('kb.card', { id: cardId });

  useEffect(() => {
    const element = dialog.current;
    // Unmounting removes the dialog from the page, which closes it; closing here would report a user close.
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="reader" aria-labelledby="reader-title" onClose={onClose} onCancel={onClose}>
      <div className="reader-bar">
        <button type="button" className="secondary" onClick={onClose} autoFocus>
          {t('kb.closeReader')}
        </button>
      </div>
      {card.state === 'loading' && <Loading />}
      {card.state === 'error' && <ErrorState message={card.message} code={card.code} onRetry={reload} />}
      {card.state === 'ready' && (
        <article lang="en" data-card={card.value.id}>
          <h2 id="reader-title">{card.value.title}</h2>
          <p className="muted">
            {t(`kb.categories.${card.value.category}`)} · {t('kb.lastReviewed', { date: card.value.last_reviewed })}
          </p>
          <p className="reader-source">
            {t('kb.source')}{' '}
            {card.value.source_url ? (
              <>
                <a href={card.value.source_url} target="_blank" rel="noopener noreferrer">
                  {card.value.source_name}
                </a>
                <br />
                <span className="muted small-text">{card.value.source_url}</span>
              </>
            ) : (
              card.value.source_name
            )}
          </p>
          {card.value.sections.map((section) => (
            <section key={section.heading}>
              <h3>{section.heading}</h3>
              <Markdown text={section.text} />
            </section>
          ))}
          <p className="disclaimer" role="note">
            {t('kb.notAdvice')}
          </p>
        </article>
      )}
    </dialog>
  );
}
