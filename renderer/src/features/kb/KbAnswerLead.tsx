import { useTranslation } from 'react-i18next';
import type { AskOutput } from '../../../../shared/contract';
import { useOperation } from '../../api/context';
import { Relevance } from '../../components/Relevance';
import { asLanguage, formatNumber } from '../../i18n/format';
import { actionLine } from './drug-suggestions';

/** Above this calibrated probability the cards answer the question outright; between the threshold and it, partly. */
export const strongAnswerability = 0.8;

/**
 * What a clinician reads first: how relevant the cards are to the question, and, when the first cited card has a
 * "What to do" (or escalation) section, its first line, quoted and attributed to the card.
 */
export function KbAnswerLead({ output, onOpenCard }: { output: AskOutput; onOpenCard: (cardId: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const cardId = output.refused ? undefined : output.citations.find((citation) => citation.card_id)?.card_id;
  const [card] = useOperation('kb.card', cardId ? { id: cardId } : null);
  const answerability = output.answerability;
  if (!answerability) return null;
  const level = output.refused || !answerability.answerable ? 'none' : answerability.probability >= strongAnswerability ? 'strong' : 'weak';
  const percent = formatNumber(answerability.probability * 100, language, 0);
  const action = card.state === 'ready' ? actionLine(card.value.sections) : null;
  return (
    <section className="panel answer-lead" aria-label={t('kb.leadLabel')} data-relevance={level}>
      <p className="lead-relevance">
        <Relevance relevance={level} /> {t(`kb.lead.${level}`, { percent })}
      </p>
      {action && card.state === 'ready' && (
        <p className="action-line">
          <strong>{t('kb.whatToDo')}</strong>{' '}
          <span lang="en">{action.text}</span>{' '}
          <button type="button" className="link-button" onClick={() => onOpenCard(card.value.id)}>
            {t('kb.fromCard', { title: card.value.title, section: action.heading })}
          </button>
        </p>
      )}
    </section>
  );
}
