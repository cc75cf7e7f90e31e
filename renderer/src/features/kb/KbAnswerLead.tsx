import { useTranslation } from 'react-i18next';
import type { AskOutput } from '../../../../shared/contract';
import { Relevance } from '../../components/Relevance';
import { asLanguage, formatNumber } from '../../i18n/format';

/** Above this calibrated probability the cards answer the question outright; between the threshold and it, partly. */
export const strongAnswerability = 0.8;

/**
 * What a clinician reads first: how relevant the cards are to the question and, as the answer's first line gives
 * them (`output.lead`), the first cited card's severity as a badge and its first "what to do" unit, quoted and
 * attributed to the card.
 */
export function KbAnswerLead({ output, onOpenCard }: { output: AskOutput; onOpenCard: (cardId: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const answerability = output.answerability;
  if (!answerability) return null;
  const level = output.refused || !answerability.answerable ? 'none' : answerability.probability >= strongAnswerability ? 'strong' : 'weak';
  // Refused though the cards read relevant: a check found none of them says what was asked (a price, a dose, a
  // public holiday); "below the bar" would be false.
  const unsaid = level === 'none' && answerability.probability >= answerability.threshold;
  const percent = formatNumber(answerability.probability * 100, language, 0);
  const lead = output.refused ? undefined : output.lead;
  return (
    <section className="panel answer-lead" aria-label={t('kb.leadLabel')} data-relevance={level} data-severity={lead?.severity}>
      <p className="lead-relevance">
        <Relevance relevance={level} /> {t(unsaid ? 'kb.lead.unsaid' : `kb.lead.${level}`, { percent })}
      </p>
      {lead?.severity && (
        <p className="severity-line">
          <span className={`badge severity-badge severity-${lead.severity}`} data-severity={lead.severity}>
            {t(`kb.severity.${lead.severity}`)}
          </span>{' '}
          {t(`kb.severityHelp.${lead.severity}`)}
        </p>
      )}
      {lead?.action && (
        <p className="action-line">
          <strong>{t('kb.whatToDo')}</strong> <q lang="en">{lead.action.text}</q>{' '}
          <button type="button" className="link-button" onClick={() => onOpenCard(lead.card_id)}>
            {t('kb.fromCard', { title: lead.title, section: lead.action.section })}
          </button>
        </p>
      )}
    </section>
  );
}
