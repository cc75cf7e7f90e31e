import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings, SettingsPatch } from '../../../../shared/settings';
import { messageOf, useApi, useOperation } from '../../api/context';
import { ErrorState, Loading } from '../../components/states';
import { parseSettingNumber } from './parse-number';
import { ApiKeySettings } from './ApiKeySettings';
import { DemoDataSettings } from './DemoDataSettings';
import { ProfileSettings } from './ProfileSettings';
import { SettingsSection, type SaveResult } from './SettingsSection';

/** Every run-time setting: appearance, embedder, retrieval, catalog, clinical KB and the optional LLM. */
export function SettingsScreen({ onChange }: { onChange: (settings: Settings) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [loaded, reload] = useOperation('settings.get', {});
  // Kept here after each save, so saving never flashes the screen back to "loading" and focus stays put.
  const [current, setCurrent] = useState<Settings | null>(null);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <ErrorState message={loaded.message} code={loaded.code} onRetry={reload} />;
  const settings = current ?? loaded.value;

  async function save(patch: SettingsPatch): Promise<SaveResult> {
    try {
      const next = await api.call('settings.update', patch);
      setCurrent(next);
      onChange(next);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }

  return (
    <section aria-labelledby="settings-title" className="screen settings">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <AppearanceSettings settings={settings} save={save} />
      <EmbedderSettings settings={settings} save={save} />
      <ApiKeySettings />
      <ProfileSettings />
      <DemoDataSettings />
      <RetrievalSettings settings={settings} save={save} />
      <CatalogKbSettings settings={settings} save={save} />
      <LlmSettings settings={settings} save={save} />
    </section>
  );
}

type SectionProps = { settings: Settings; save: (patch: SettingsPatch) => Promise<SaveResult> };

/** Language and theme apply at once (and are saved), so the effect is visible while choosing. */
function AppearanceSettings({ settings, save }: SectionProps) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SaveResult | null>(null);
  const apply = async (patch: Partial<Settings['ui']>) => setAnswer(await save({ ui: patch }));
  return (
    <div className="panel settings-section" role="group" aria-labelledby="settings-appearance">
      <h2 id="settings-appearance">{t('settings.appearance')}</h2>
      <div className="form-grid">
        <label htmlFor="setting-language">{t('settings.language')}</label>
        <select id="setting-language" value={settings.ui.language} onChange={(event) => void apply({ language: event.target.value as Settings['ui']['language'] })}>
          <option value="system">{t('settings.system')}</option>
          <option value="en" lang="en">English</option>
          <option value="es" lang="es">Español</option>
        </select>
        <label htmlFor="setting-theme">{t('settings.theme')}</label>
        <select id="setting-theme" value={settings.ui.theme} onChange={(event) => void apply({ theme: event.target.value as Settings['ui']['theme'] })}>
          <option value="system">{t('settings.system')}</option>
          <option value="light">{t('settings.light')}</option>
          <option value="dark">{t('settings.dark')}</option>
        </select>
      </div>
      {answer && (
        <p className={answer.ok ? 'notice notice-ok' : 'notice notice-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.ok ? t('settings.saved') : answer.message}
        </p>
      )}
    </div>
  );
}

function EmbedderSettings({ settings, save }: SectionProps) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState(settings.embedder.provider);
  const [dtype, setDtype] = useState(settings.embedder.dtype);
  const [batch, setBatch] = useState(String(settings.embedder.cloud_batch_size));
  const [pause, setPause] = useState(String(settings.embedder.cloud_pause_ms / 1000));
  const [timeout, setTimeoutSeconds] = useState(String(settings.embedder.cloud_timeout_ms / 1000));
  const cloud = provider === 'gemini' || provider === 'voyage';
  const changed = provider !== settings.embedder.provider || dtype !== settings.embedder.dtype;
  async function submit(): Promise<SaveResult> {
    const values = { batch: parseSettingNumber(batch), pause: parseSettingNumber(pause), timeout: parseSettingNumber(timeout) };
    if (Object.values(values).some((value) => value === null)) return { ok: false, message: t('settings.notANumber') };
    return save({
      embedder: {
        provider,
        dtype,
        cloud_batch_size: values.batch as number,
        cloud_pause_ms: Math.round((values.pause as number) * 1000),
        cloud_timeout_ms: Math.round((values.timeout as number) * 1000),
      },
    });
  }
  return (
    <SettingsSection title={t('settings.embedder.title')} description={t('settings.embedder.help')} onSave={submit}>
      <label htmlFor="setting-embedder-provider">{t('settings.embedder.provider')}</label>
      <select id="setting-embedder-provider" value={provider} onChange={(event) => setProvider(event.target.value as typeof provider)}>
        <option value="local">{t('settings.embedder.local')}</option>
        <option value="gemini">Gemini (gemini-embedding-001)</option>
        <option value="voyage">Voyage (voyage-3.5)</option>
        <option value="none">{t('settings.embedder.none')}</option>
      </select>
      <label htmlFor="setting-embedder-dtype">{t('settings.embedder.dtype')}</label>
      <select id="setting-embedder-dtype" value={dtype} disabled={provider !== 'local'} onChange={(event) => setDtype(event.target.value as typeof dtype)}>
        <option value="q8">{t('settings.embedder.q8')}</option>
        <option value="fp32">{t('settings.embedder.fp32')}</option>
      </select>
      {cloud && (
        <>
          <p className="hint form-wide">{t('settings.embedder.keyMissing')}</p>
          <label htmlFor="setting-cloud-batch">{t('settings.embedder.batch')}</label>
          <input id="setting-cloud-batch" inputMode="numeric" value={batch} onChange={(event) => setBatch(event.target.value)} />
          <label htmlFor="setting-cloud-pause">{t('settings.embedder.pause')}</label>
          <input id="setting-cloud-pause" inputMode="decimal" value={pause} onChange={(event) => setPause(event.target.value)} />
          <label htmlFor="setting-cloud-timeout">{t('settings.embedder.timeout')}</label>
          <input id="setting-cloud-timeout" inputMode="decimal" value={timeout} onChange={(event) => setTimeoutSeconds(event.target.value)} />
          <p className="hint form-wide">{t('settings.embedder.cloudHelp')}</p>
        </>
      )}
      {changed && <p className="hint form-wide">{t('settings.embedder.restale')}</p>}
    </SettingsSection>
  );
}

function RetrievalSettings({ settings, save }: SectionProps) {
  const { t } = useTranslation();
  // Empty: the value calibrated for the active embedder (the setting is null).
  const [maxDist, setMaxDist] = useState(settings.foods.max_dist === null ? '' : String(settings.foods.max_dist));
  const [keywordWeight, setKeywordWeight] = useState(String(settings.fusion.keyword_weight));
  const [vectorWeight, setVectorWeight] = useState(String(settings.fusion.vector_weight));
  const [rrfK, setRrfK] = useState(String(settings.fusion.rrf_k));
  async function submit(): Promise<SaveResult> {
    const automatic = maxDist.trim() === '';
    const values = { maxDist: automatic ? 0 : parseSettingNumber(maxDist), keyword: parseSettingNumber(keywordWeight), vector: parseSettingNumber(vectorWeight), rrf: parseSettingNumber(rrfK) };
    if (Object.values(values).some((value) => value === null)) return { ok: false, message: t('settings.notANumber') };
    return save({
      foods: { max_dist: automatic ? null : (values.maxDist as number) },
      fusion: { keyword_weight: values.keyword as number, vector_weight: values.vector as number, rrf_k: values.rrf as number },
    });
  }
  return (
    <SettingsSection title={t('settings.retrieval.title')} description={t('settings.retrieval.help')} onSave={submit}>
      <label htmlFor="setting-max-dist">{t('settings.retrieval.maxDist')}</label>
      <input
        id="setting-max-dist"
        inputMode="decimal"
        value={maxDist}
        placeholder={t('settings.retrieval.maxDistAutomatic')}
        aria-describedby="setting-max-dist-help"
        onChange={(event) => setMaxDist(event.target.value)}
      />
      <p id="setting-max-dist-help" className="hint form-wide">{t('settings.retrieval.maxDistHelp')}</p>
      <label htmlFor="setting-keyword-weight">{t('settings.retrieval.keywordWeight')}</label>
      <input id="setting-keyword-weight" inputMode="decimal" value={keywordWeight} onChange={(event) => setKeywordWeight(event.target.value)} />
      <label htmlFor="setting-vector-weight">{t('settings.retrieval.vectorWeight')}</label>
      <input id="setting-vector-weight" inputMode="decimal" value={vectorWeight} onChange={(event) => setVectorWeight(event.target.value)} />
      <label htmlFor="setting-rrf-k">{t('settings.retrieval.rrfK')}</label>
      <input id="setting-rrf-k" inputMode="numeric" value={rrfK} onChange={(event) => setRrfK(event.target.value)} />
    </SettingsSection>
  );
}

function CatalogKbSettings({ settings, save }: SectionProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState(settings.catalog.phase);
  const [strategy, setStrategy] = useState(settings.kb.strategy);
  const [answerability, setAnswerability] = useState(settings.kb.answerability);
  const [minAnswerability, setMinAnswerability] = useState(settings.kb.min_answerability === null ? '' : String(settings.kb.min_answerability));
  const [rerank, setRerank] = useState(settings.kb.rerank);
  const [candidates, setCandidates] = useState(String(settings.kb.rerank_candidates));
  const [thresholdOn, setThresholdOn] = useState(settings.kb.min_similarity !== null);
  const [threshold, setThreshold] = useState(String(settings.kb.min_similarity ?? 0.5));
  async function submit(): Promise<SaveResult> {
    const value = thresholdOn ? parseSettingNumber(threshold) : null;
    if (thresholdOn && value === null) return { ok: false, message: t('settings.notANumber') };
    const minimum = minAnswerability.trim() === '' ? null : parseSettingNumber(minAnswerability);
    if (minAnswerability.trim() !== '' && minimum === null) return { ok: false, message: t('settings.notANumber') };
    const candidateCount = parseSettingNumber(candidates);
    if (candidateCount === null) return { ok: false, message: t('settings.notANumber') };
    return save({
      catalog: { phase },
      kb: { strategy, min_similarity: value, answerability, min_answerability: minimum, rerank, rerank_candidates: candidateCount },
    });
  }
  return (
    <SettingsSection title={t('settings.corpora.title')} onSave={submit}>
      <label htmlFor="setting-catalog-phase">{t('settings.corpora.phase')}</label>
      <select id="setting-catalog-phase" value={phase} onChange={(event) => setPhase(event.target.value as typeof phase)}>
        <option value="keyword">{t('settings.corpora.phaseKeyword')}</option>
        <option value="hybrid">{t('settings.corpora.phaseHybrid')}</option>
      </select>
      <label htmlFor="setting-kb-strategy">{t('settings.corpora.kbStrategy')}</label>
      <select id="setting-kb-strategy" value={strategy} onChange={(event) => setStrategy(event.target.value as typeof strategy)}>
        <option value="keyword">{t('strategies.keyword')}</option>
        <option value="vector">{t('strategies.vector')}</option>
        <option value="hybrid">{t('strategies.hybrid')}</option>
      </select>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={answerability} onChange={(event) => setAnswerability(event.target.checked)} />
        {t('settings.corpora.answerabilityOn')}
      </label>
      <label htmlFor="setting-kb-min-answerability">{t('settings.corpora.minAnswerability')}</label>
      <input
        id="setting-kb-min-answerability"
        inputMode="decimal"
        disabled={!answerability}
        value={minAnswerability}
        placeholder={t('settings.corpora.minAnswerabilityCalibrated')}
        aria-describedby="setting-kb-min-answerability-help"
        onChange={(event) => setMinAnswerability(event.target.value)}
      />
      <p id="setting-kb-min-answerability-help" className="hint form-wide">{t('settings.corpora.minAnswerabilityHelp')}</p>
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={rerank} onChange={(event) => setRerank(event.target.checked)} />
        {t('settings.corpora.rerankOn')}
      </label>
      <label htmlFor="setting-kb-rerank-candidates">{t('settings.corpora.rerankCandidates')}</label>
      <input id="setting-kb-rerank-candidates" inputMode="numeric" disabled={!rerank} value={candidates} onChange={(event) => setCandidates(event.target.value)} />
      <span className="form-label-cell" />
      <label className="checkbox">
        <input type="checkbox" checked={thresholdOn} onChange={(event) => setThresholdOn(event.target.checked)} />
        {t('settings.corpora.thresholdOn')}
      </label>
      <label htmlFor="setting-kb-threshold">{t('settings.corpora.threshold')}</label>
      <input id="setting-kb-threshold" inputMode="decimal" disabled={!thresholdOn} value={threshold} aria-describedby="setting-kb-threshold-help" onChange={(event) => setThreshold(event.target.value)} />
      <p id="setting-kb-threshold-help" className="hint form-wide">{t('settings.corpora.thresholdHelp')}</p>
    </SettingsSection>
  );
}

function LlmSettings({ settings, save }: SectionProps) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState(settings.llm.provider);
  const [baseUrl, setBaseUrl] = useState(settings.llm.base_url);
  const [model, setModel] = useState(settings.llm.model);
  return (
    <SettingsSection title={t('settings.llm.title')} description={t('settings.llm.help')} onSave={() => save({ llm: { provider, base_url: baseUrl.trim(), model: model.trim() } })}>
      <label htmlFor="setting-llm-provider">{t('settings.llm.provider')}</label>
      <select id="setting-llm-provider" value={provider} onChange={(event) => setProvider(event.target.value as typeof provider)}>
        <option value="none">{t('settings.llm.none')}</option>
        <option value="openai-compatible">{t('settings.llm.openai')}</option>
        <option value="gemini">Gemini</option>
      </select>
      <label htmlFor="setting-llm-url">{t('settings.llm.baseUrl')}</label>
      <input id="setting-llm-url" type="url" value={baseUrl} disabled={provider === 'none'} placeholder="http://127.0.0.1:11434/v1" onChange={(event) => setBaseUrl(event.target.value)} />
      <label htmlFor="setting-llm-model">{t('settings.llm.model')}</label>
      <input id="setting-llm-model" value={model} disabled={provider === 'none'} onChange={(event) => setModel(event.target.value)} />
    </SettingsSection>
  );
}
