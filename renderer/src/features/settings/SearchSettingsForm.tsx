import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Status } from '../../../../shared/contract';
import type { Settings, SettingsPatch } from '../../../../shared/settings';
import { embedderChoiceText, embedderInUseText, embedderName } from '../status/embedder-choice';
import { changesEmbedder, draftOf, patchOf, type DraftField, type SettingsDraft } from './settings-draft';
import type { SaveResult } from './save-result';

type Change = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;

/**
 * The search model first (a plain choice, with the model actually in use beside it), then everything a developer
 * tunes behind "Advanced"; one Save writes it all, or nothing when a field is not a number.
 */
export function SearchSettingsForm({
  settings,
  status,
  save,
  onEmbedderChanged,
}: {
  settings: Settings;
  status: Status | null;
  save: (patch: SettingsPatch) => Promise<SaveResult>;
  onEmbedderChanged: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [answer, setAnswer] = useState<SaveResult | null>(null);
  const [busy, setBusy] = useState(false);
  const change: Change = (key, value) => setDraft((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = patchOf(draft);
    if (!built.ok) {
      setAnswer({ ok: false, message: t('settings.notNumbers', { fields: built.fields.map((field) => t(fieldLabels[field])).join(', ') }) });
      return;
    }
    setBusy(true);
    const embedderChanged = changesEmbedder(draft, settings);
    const result = await save(built.patch);
    setBusy(false);
    setAnswer(result);
    if (result.ok && embedderChanged) onEmbedderChanged();
  }

  return (
    <form className="panel settings-section search-settings" aria-labelledby="search-settings-title" onSubmit={submit} noValidate>
      <h2 id="search-settings-title">{t('settings.search.title')}</h2>
      <p className="hint">{t('settings.embedder.help')}</p>
      <div className="form-grid">
        <label htmlFor="setting-embedder-provider">{t('settings.embedder.provider')}</label>
        <select id="setting-embedder-provider" value={draft.provider} onChange={(event) => change('provider', event.target.value as SettingsDraft['provider'])}>
          <option value="auto">{t('settings.embedder.auto')}</option>
          <option value="local">{t('settings.embedder.local')}</option>
          <option value="gemini">Gemini (gemini-embedding-001)</option>
          <option value="voyage">Voyage (voyage-3.5)</option>
          <option value="none">{t('settings.embedder.none')}</option>
        </select>
        <label htmlFor="setting-embedder-dtype">{t('settings.embedder.dtype')}</label>
        <select
          id="setting-embedder-dtype"
          value={draft.dtype}
          disabled={draft.provider !== 'local' && draft.provider !== 'auto'}
          onChange={(event) => change('dtype', event.target.value as SettingsDraft['dtype'])}
        >
          <option value="q8">{t('settings.embedder.q8')}</option>
          <option value="fp32">{t('settings.embedder.fp32')}</option>
        </select>
      </div>
      <EmbedderInUse status={status} chosen={settings.embedder.provider} />
      {(draft.provider === 'gemini' || draft.provider === 'voyage') && <p className="hint">{t('settings.embedder.keyMissing')}</p>}
      {changesEmbedder(draft, settings) && <p className="hint">{t('settings.embedder.restale')}</p>}
      <details className="advanced">
        <summary>{t('settings.advanced.title')}</summary>
        <p className="hint">{t('settings.advanced.help')}</p>
        <RetrievalFields draft={draft} change={change} />
        <CorporaFields draft={draft} change={change} />
        <Group title={t('settings.embedder.cloudTitle')} description={t('settings.embedder.cloudHelp')}>
          <label htmlFor="setting-cloud-batch">{t('settings.embedder.batch')}</label>
          <input id="setting-cloud-batch" inputMode="numeric" value={draft.batch} onChange={(event) => change('batch', event.target.value)} />
          <label htmlFor="setting-cloud-pause">{t('settings.embedder.pause')}</label>
          <input id="setting-cloud-pause" inputMode="decimal" value={draft.pause} onChange={(event) => change('pause', event.target.value)} />
          <label htmlFor="setting-cloud-timeout">{t('settings.embedder.timeout')}</label>
          <input id="setting-cloud-timeout" inputMode="decimal" value={draft.timeout} onChange={(event) => change('timeout', event.target.value)} />
        </Group>
        <Group title={t('settings.llm.title')} description={t('settings.llm.help')}>
          <label htmlFor="setting-llm-provider">{t('settings.llm.provider')}</label>
          <select id="setting-llm-provider" value={draft.llmProvider} onChange={(event) => change('llmProvider', event.target.value as SettingsDraft['llmProvider'])}>
            <option value="none">{t('settings.llm.none')}</option>
            <option value="openai-compatible">{t('settings.llm.openai')}</option>
            <option value="gemini">Gemini</option>
          </select>
          <label htmlFor="setting-llm-url">{t('settings.llm.baseUrl')}</label>
          <input
            id="setting-llm-url"
            type="url"
            value={draft.baseUrl}
            disabled={draft.llmProvider === 'none'}
            placeholder="http://127.0.0.1:11434/v1"
            onChange={(event) => change('baseUrl', event.target.value)}
          />
          <label htmlFor="setting-llm-model">{t('settings.llm.model')}</label>
          <input id="setting-llm-model" value={draft.model} disabled={draft.llmProvider === 'none'} onChange={(event) => change('model', event.target.value)} />
        </Group>
      </details>
      <div className="actions save-bar">
        <button type="submit" disabled={busy}>
          {t('settings.save')}
        </button>
        {answer && (
          <span className={answer.ok ? 'notice-ok' : 'notice-error'} role={answer.ok ? 'status' : 'alert'}>
            {answer.ok ? t('settings.saved') : answer.message}
          </span>
        )}
      </div>
    </form>
  );
}

const fieldLabels: Record<DraftField, string> = {
  batch: 'settings.embedder.batch',
  pause: 'settings.embedder.pause',
  timeout: 'settings.embedder.timeout',
  maxDist: 'settings.retrieval.maxDist',
  keywordWeight: 'settings.retrieval.keywordWeight',
  vectorWeight: 'settings.retrieval.vectorWeight',
  rrfK: 'settings.retrieval.rrfK',
  minAnswerability: 'settings.corpora.minAnswerability',
  candidates: 'settings.corpora.rerankCandidates',
  threshold: 'settings.corpora.threshold',
};

/** A titled group of fields inside the form (a fieldset: its legend names it for assistive technology). */
function Group({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="settings-group">
      <legend>{title}</legend>
      {description && <p className="hint">{description}</p>}
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

/** The model semantic search uses right now (from status, the same figure Index status shows), and why it is not the one chosen. */
export function EmbedderInUse({ status, chosen }: { status: Status | null; chosen: Settings['embedder']['provider'] }) {
  const { t } = useTranslation();
  if (!status) return null;
  const name = embedderName(status.embedder.id);
  const text = embedderInUseText(t, status.embedder.id);
  const inUse = name === null ? 'none' : name.provider;
  // Automatic is whichever of Voyage and the local model the stored keys select: neither differs from it.
  const differs = chosen !== inUse && !(chosen === 'none' && name === null) && !(chosen === 'auto' && (inUse === 'local' || inUse === 'voyage'));
  return (
    <div className="in-use" data-embedder={status.embedder.id ?? 'none'}>
      <p className="in-use-line">
        <strong>{t('settings.embedder.inUse')}</strong> {text}
      </p>
      {differs && <p className="hint in-use-why">{status.embedder.problem ?? t('settings.embedder.differs')}</p>}
      {/* Automatic: say what the stored keys selected, so a Voyage key sending text to the cloud is never a surprise. */}
      {!differs && chosen === 'auto' && status.embedder.choice && <p className="hint in-use-reason">{embedderChoiceText(t, status.embedder.choice, status.embedder.problem)}</p>}
    </div>
  );
}

function RetrievalFields({ draft, change }: { draft: SettingsDraft; change: Change }) {
  const { t } = useTranslation();
  return (
    <Group title={t('settings.retrieval.title')} description={t('settings.retrieval.help')}>
      <label htmlFor="setting-max-dist">{t('settings.retrieval.maxDist')}</label>
      <input
        id="setting-max-dist"
        inputMode="decimal"
        value={draft.maxDist}
        placeholder={t('settings.retrieval.maxDistAutomatic')}
        aria-describedby="setting-max-dist-help"
        onChange={(event) => change('maxDist', event.target.value)}
      />
      <p id="setting-max-dist-help" className="hint form-wide">
        {t('settings.retrieval.maxDistHelp')}
      </p>
      <label htmlFor="setting-keyword-weight">{t('settings.retrieval.keywordWeight')}</label>
      <input id="setting-keyword-weight" inputMode="decimal" value={draft.keywordWeight} onChange={(event) => change('keywordWeight', event.target.value)} />
      <label htmlFor="setting-vector-weight">{t('settings.retrieval.vectorWeight')}</label>
      <input id="setting-vector-weight" inputMode="decimal" value={draft.vectorWeight} onChange={(event) => change('vectorWeight', event.target.value)} />
      <label htmlFor="setting-rrf-k">{t('settings.retrieval.rrfK')}</label>
      <input id="setting-rrf-k" inputMode="numeric" value={draft.rrfK} onChange={(event) => change('rrfK', event.target.value)} />
    </Group>
  );
}

function CorporaFields({ draft, change }: { draft: SettingsDraft; change: Change }) {
  const { t } = useTranslation();
  return (
    <Group title={t('settings.corpora.title')}>
      <label htmlFor="setting-catalog-phase">{t('settings.corpora.phase')}</label>
      <select id="setting-catalog-phase" value={draft.phase} onChange={(event) => change('phase', event.target.value as SettingsDraft['phase'])}>
        <option value="keyword">{t('settings.corpora.phaseKeyword')}</option>
        <option value="hybrid">{t('settings.corpora.phaseHybrid')}</option>
      </select>
      <label htmlFor="setting-kb-strategy">{t('settings.corpora.kbStrategy')}</label>
      <select id="setting-kb-strategy" value={draft.strategy} onChange={(event) => change('strategy', event.target.value as SettingsDraft['strategy'])}>
        <option value="keyword">{t('strategies.keyword')}</option>
        <option value="vector">{t('strategies.vector')}</option>
        <option value="hybrid">{t('strategies.hybrid')}</option>
      </select>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.answerability} onChange={(event) => change('answerability', event.target.checked)} />
        {t('settings.corpora.answerabilityOn')}
      </label>
      <label htmlFor="setting-kb-min-answerability">{t('settings.corpora.minAnswerability')}</label>
      <input
        id="setting-kb-min-answerability"
        inputMode="decimal"
        disabled={!draft.answerability}
        value={draft.minAnswerability}
        placeholder={t('settings.corpora.minAnswerabilityCalibrated')}
        aria-describedby="setting-kb-min-answerability-help"
        onChange={(event) => change('minAnswerability', event.target.value)}
      />
      <p id="setting-kb-min-answerability-help" className="hint form-wide">
        {t('settings.corpora.minAnswerabilityHelp')}
      </p>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.examples} disabled={!draft.answerability} onChange={(event) => change('examples', event.target.checked)} />
        {t('settings.corpora.examplesOn')}
      </label>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.rerank} onChange={(event) => change('rerank', event.target.checked)} />
        {t('settings.corpora.rerankOn')}
      </label>
      <label htmlFor="setting-kb-rerank-candidates">{t('settings.corpora.rerankCandidates')}</label>
      <input id="setting-kb-rerank-candidates" inputMode="numeric" disabled={!draft.rerank} value={draft.candidates} onChange={(event) => change('candidates', event.target.value)} />
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.thresholdOn} onChange={(event) => change('thresholdOn', event.target.checked)} />
        {t('settings.corpora.thresholdOn')}
      </label>
      <label htmlFor="setting-kb-threshold">{t('settings.corpora.threshold')}</label>
      <input
        id="setting-kb-threshold"
        inputMode="decimal"
        disabled={!draft.thresholdOn}
        value={draft.threshold}
        aria-describedby="setting-kb-threshold-help"
        onChange={(event) => change('threshold', event.target.value)}
      />
      <p id="setting-kb-threshold-help" className="hint form-wide">
        {t('settings.corpora.thresholdHelp')}
      </p>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.crossLanguage} onChange={(event) => change('crossLanguage', event.target.checked)} />
        {t('settings.corpora.crossLanguageOn')}
      </label>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.glossary} onChange={(event) => change('glossary', event.target.checked)} />
        {t('settings.corpora.glossaryOn')}
      </label>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={draft.foodConcepts} onChange={(event) => change('foodConcepts', event.target.checked)} />
        {t('settings.corpora.foodConceptsOn')}
      </label>
    </Group>
  );
}
