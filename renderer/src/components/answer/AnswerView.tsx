import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diaryScopeReasons, type AskOutput, type Citation } from '../../../../shared/contract';
import { asLanguage, formatDay, formatDaysIn, formatNumber, nutrientLabel } from '../../i18n/format';
import { Notices } from '../Notices';
import { cellText, columnLabel, sectionLabel } from './context-labels';
import { parseContextSections, type ContextSection } from './context-sections';
import { afterLeadLine, citationId, contextLineId, isCount, segmentAnswer, shiftFigures } from './segments';

/**
 * An answer as cita composed it: every figure highlighted and linked to the context rows it was found in,
 * the citations, the plan (with the clamp notice), an untrusted state when a figure could not be verified,
 * the exact context, and the fixed disclaimer. With `leadShown`, the KB answer's lead line is left out of the text
 * because the screen shows the lead in its own box above (the same words twice read as two findings).
 */
export function AnswerView({ output, onOpenCard, leadShown = false }: { output: AskOutput; onOpenCard?: (cardId: string) => void; leadShown?: boolean }) {
  const { t } = useTranslation();
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [focused, setFocused] = useState<number[]>([]);
  // The context is evidence to check, not the answer: it opens when a figure or citation is followed, or on request.
  const [contextOpen, setContextOpen] = useState(false);
  const { grounding } = output;
  // cita writes days as YYYY-MM-DD (the grounding check skips them as figures); between the checked figures they are
  // written as the answer's reader writes them, so the figures' offsets still point into cita's own text.
  const answerLanguage = asLanguage(output.language);
  const start = leadShown && !output.refused ? afterLeadLine(output.answer, output.lead) : 0;
  const segments = segmentAnswer(
    output.answer.slice(start),
    shiftFigures(grounding.figures, start),
    output.citations.map((citation) => citation.ref),
  );

  function showLines(lines: number[]) {
    setFocused(lines);
    setContextOpen(true);
    const first = lines[0];
    if (first === undefined) return;
    // After the render that opens the context, move to the first row the figure stands on.
    requestAnimationFrame(() => {
      const row = document.getElementById(contextLineId(prefix, first));
      row?.scrollIntoView({ block: 'center' });
      row?.focus();
    });
  }

  const trusted = grounding.trusted && !output.refused;
  return (
    <article className={`answer ${trusted ? 'answer-trusted' : 'answer-untrusted'}`} aria-labelledby={`${prefix}-title`} data-trusted={trusted} data-refused={output.refused}>
      <h2 id={`${prefix}-title`}>{output.refused ? t('answer.refusedTitle') : t('answer.title')}</h2>
      {output.refused && (
        <p className="banner banner-info" data-refusal={output.refusal}>
          {output.refusal ? t(`answer.refusals.${output.refusal}`) : output.corpus === 'kb' ? t(kbCardsUnsaid(output) ? 'answer.kbUnsaidHelp' : 'answer.kbRefusedHelp') : t('answer.refusedHelp')}
        </p>
      )}
      {!output.refused && !grounding.trusted && (
        <p className="banner banner-danger" role="alert">
          {t('answer.untrusted', { count: grounding.unverified })}
        </p>
      )}
      <p className="answer-text" lang={output.language}>
        {segments.map((segment, index) => {
          if (segment.kind === 'text') return <span key={index}>{formatDaysIn(segment.text, answerLanguage)}</span>;
          if (segment.kind === 'citation') {
            return (
              <a
                key={index}
                href={`#${citationId(prefix, segment.ref)}`}
                className="citation-link"
                aria-label={t('answer.toCitation', { ref: segment.ref })}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(citationId(prefix, segment.ref))?.focus();
                }}
              >
                {segment.text}
              </a>
            );
          }
          const figure = grounding.figures[segment.figure];
          if (!figure) return <span key={index}>{segment.text}</span>;
          // A verified count or length of time ("7 days", "in 5 entries") is not a figure to check: plain text.
          if (figure.verified && isCount(figure.unit)) return <span key={index}>{segment.text}</span>;
          const label = figure.verified
            ? t('answer.figureVerified', { lines: figure.context_lines.join(', ') })
            : figure.attribution === 'misattributed'
              ? t('answer.figureMisattributed', { lines: figure.context_lines.join(', ') })
              : t('answer.figureUnverified');
          return figure.verified && figure.context_lines.length > 0 ? (
            <a
              key={index}
              href={`#${contextLineId(prefix, figure.context_lines[0] as number)}`}
              className="figure figure-verified"
              title={label}
              aria-label={`${segment.text} (${label})`}
              onClick={(event) => {
                event.preventDefault();
                showLines(figure.context_lines);
              }}
            >
              <mark>{segment.text}</mark>
            </a>
          ) : (
            <mark key={index} className="figure figure-unverified" title={label} aria-label={`${segment.text} (${label})`}>
              {segment.text}
            </mark>
          );
        })}
      </p>
      {!output.refused && (
        <p className="muted grounding-summary">{grounding.figures.length === 0 ? t('answer.noFigures') : t('answer.grounding', { verified: grounding.verified, total: grounding.figures.length })}</p>
      )}
      <Notices notices={output.notices} />
      {output.plan && <PlanView plan={output.plan} />}
      {output.citations.length > 0 && <Citations prefix={prefix} citations={output.citations} onShowLines={showLines} onOpenCard={onOpenCard} />}
      <ContextView context={output.context} prefix={prefix} open={contextOpen} onToggle={() => setContextOpen(!contextOpen)} focused={focused} />
      <p className="disclaimer" role="note">
        {output.disclaimer}
      </p>
    </article>
  );
}

/** Why a question the diary's entries cannot answer was refused (the contract's reasons). */
const scopeReasons: ReadonlySet<string> = new Set(diaryScopeReasons);

function PlanView({ plan }: { plan: NonNullable<AskOutput['plan']> }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  if (plan.refusal === 'not_understood') {
    // Nothing of the plan was looked up: its period and default nutrients would read as if they had been.
    const reasons = (plan.not_honoured ?? []).filter((item) => item.code === 'not_understood' && scopeReasons.has(item.text)).map((item) => t(`answer.scopeReasons.${item.text}`));
    return (
      <section className="plan" aria-label={t('answer.plan')}>
        <h3>{t('answer.plan')}</h3>
        <dl className="facts">
          <dt>{t('answer.lookedUp')}</dt>
          <dd data-plan="nothing">{t('answer.nothingLookedUp')}</dd>
          <dt>{t('answer.notHonoured')}</dt>
          <dd data-code="not-honoured">{reasons.length > 0 ? reasons.join('; ') : t('answer.notHonouredCodes.not_understood')}</dd>
          <dt>{t('answer.planner')}</dt>
          <dd>{t(`answer.planners.${plan.planner}`)}</dd>
        </dl>
      </section>
    );
  }
  return (
    <section className="plan" aria-label={t('answer.plan')}>
      <h3>{t('answer.plan')}</h3>
      <dl className="facts">
        <dt>{t('answer.period')}</dt>
        <dd>{t('answer.periodValue', { from: formatDay(plan.date_from, language), to: formatDay(plan.date_to, language) })}</dd>
        {plan.compare_to && (
          <>
            <dt>{t('answer.comparedWith')}</dt>
            <dd>{t('answer.periodValue', { from: formatDay(plan.compare_to.date_from, language), to: formatDay(plan.compare_to.date_to, language) })}</dd>
          </>
        )}
        {plan.meals && plan.meals.length > 0 && (
          <>
            <dt>{t('answer.meals')}</dt>
            <dd>{plan.meals.map((meal) => t(`diary.meals.${meal}`)).join(', ')}</dd>
          </>
        )}
        {plan.foods && plan.foods.length > 0 && (
          <>
            <dt>{t('answer.foods')}</dt>
            <dd data-plan="foods">{plan.foods.join(', ')}</dd>
          </>
        )}
        <dt>{t('answer.nutrients')}</dt>
        <dd>{plan.nutrients.length > 0 ? plan.nutrients.map((key) => nutrientLabel(key, language)).join(', ') : t('answer.allNutrients')}</dd>
        <dt>{t('answer.detail')}</dt>
        <dd>{plan.list_entries ? t('answer.detailEntries') : plan.need_detail ? t('answer.detailYes') : t('answer.detailNo')}</dd>
        {plan.not_honoured && plan.not_honoured.length > 0 && (
          <>
            <dt>{t('answer.notHonoured')}</dt>
            <dd data-code="not-honoured">{plan.not_honoured.map((item) => t(`answer.notHonouredCodes.${item.code}`, { text: formatDaysIn(item.text, language) })).join('; ')}</dd>
          </>
        )}
        <dt>{t('answer.planner')}</dt>
        <dd>{t(`answer.planners.${plan.planner}`)}</dd>
      </dl>
      {plan.clamped && (
        <p className="banner banner-warning" data-code="clamped">
          {t('answer.clamped', { days: formatNumber(92, language) })}
        </p>
      )}
    </section>
  );
}

function Citations({
  prefix,
  citations,
  onShowLines,
  onOpenCard,
}: {
  prefix: string;
  citations: Citation[];
  onShowLines: (lines: number[]) => void;
  onOpenCard?: ((cardId: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  // A label's days as the reader writes them ("29 Nov 2026").
  const withDays = (text: string) => formatDaysIn(text, language);
  return (
    <section className="citations" aria-label={t('answer.citations')}>
      <h3>{t('answer.citations')}</h3>
      <ol>
        {citations.map((citation) => (
          <li key={citation.ref} id={citationId(prefix, citation.ref)} tabIndex={-1} data-kind={citation.kind} data-date={citation.date}>
            <span className="citation-ref">{citation.ref}</span> <span className="citation-label">{withDays(citation.label)}</span>
            {citation.date && !citation.label.includes(citation.date) && <span className="muted"> · {withDays(citation.date)}</span>}
            {citation.source_name && (
              <span className="citation-source">
                {' · '}
                {citation.source_url ? (
                  <a href={citation.source_url} target="_blank" rel="noopener noreferrer">
                    {citation.source_name}
                  </a>
                ) : (
                  citation.source_name
                )}
              </span>
            )}
            <span className="citation-actions">
              {citation.card_id && onOpenCard && (
                <button type="button" className="link-button" onClick={() => onOpenCard(citation.card_id as string)}>
                  {t('answer.openCard')}
                </button>
              )}
              {citation.context_lines.length > 0 && (
                <button type="button" className="link-button" onClick={() => onShowLines(citation.context_lines)}>
                  {/* A card's context is lines of its text, not table rows. */}
                  {t(citation.kind === 'kb-card' ? 'answer.showCardLines' : 'answer.showRows', { count: citation.context_lines.length })}
                </button>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ContextView({
  context,
  prefix,
  open,
  onToggle,
  focused,
}: {
  context: string;
  prefix: string;
  open: boolean;
  onToggle: () => void;
  /** The rows of the figure or citation the user followed: highlighted, the first one focused. */
  focused: number[];
}) {
  const { t } = useTranslation();
  const lines = context.length > 0 ? context.split('\n') : [];
  if (lines.length === 0) return null;
  const current = new Set(focused);
  const sections = parseContextSections(context);
  const classOf = (line: number) => (current.has(line) ? 'context-cited' : undefined);
  return (
    <section className="context" aria-labelledby={`${prefix}-context`}>
      <h3 id={`${prefix}-context`}>
        <button type="button" className="link-button" aria-expanded={open} onClick={onToggle}>
          {t('answer.context', { count: lines.length })}
        </button>
      </h3>
      <p className="hint">{t('answer.contextHelp')}</p>
      {open &&
        (sections ? (
          <ContextTables sections={sections} prefix={prefix} classOf={classOf} />
        ) : (
          <ol className="context-lines">
            {lines.map((line, index) => {
              const number = index + 1;
              return (
                <li key={number} id={contextLineId(prefix, number)} tabIndex={-1} className={classOf(number)} data-line={number}>
                  <code>{line}</code>
                </li>
              );
            })}
          </ol>
        ))}
    </section>
  );
}

/** The diary's CSV context as one table per section, in words and the reader's formats; each row keeps its context line number as its anchor. */
function ContextTables({ sections, prefix, classOf }: { sections: ContextSection[]; prefix: string; classOf: (line: number) => string | undefined }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const translate = (key: string, options?: Record<string, unknown>) => t(key, options ?? {});
  return (
    <div className="context-tables">
      {sections.map((section) => (
        <table key={section.titleLine} className="table compact context-table" data-section={section.title}>
          <caption>{sectionLabel(section.title, translate)}</caption>
          <thead>
            <tr>
              <th scope="col" className="number">
                {t('answer.line')}
              </th>
              {section.header.map((name, index) => (
                <th key={index} scope="col" data-column={name}>
                  {columnLabel(name, language, translate)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.line} id={contextLineId(prefix, row.line)} tabIndex={-1} className={classOf(row.line)} data-line={row.line}>
                <td className="number muted">{row.line}</td>
                {row.cells.map((cell, index) => (
                  <td key={index} className={/^-?\d+(\.\d+)?$/.test(cell) ? 'number' : undefined}>
                    {cellText(section.header[index] ?? '', cell, language, translate)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** A KB refusal although the cards read relevant: a check found that none says what was asked (the answer says which). */
function kbCardsUnsaid(output: AskOutput): boolean {
  const answerability = output.answerability;
  return answerability !== undefined && answerability.probability >= answerability.threshold;
}
