import type { Settings, SettingsPatch } from '../../../../shared/settings';
import { parseSettingNumber } from './parse-number';

/**
 * Everything the one Save of the settings form writes, as typed (text for numbers, so "0,5" or a half-typed value
 * survive until Save). Language and theme are not here: they apply the moment they are chosen.
 */
export interface SettingsDraft {
  provider: Settings['embedder']['provider'];
  dtype: Settings['embedder']['dtype'];
  batch: string;
  pause: string;
  timeout: string;
  maxDist: string;
  keywordWeight: string;
  vectorWeight: string;
  rrfK: string;
  phase: Settings['catalog']['phase'];
  strategy: Settings['kb']['strategy'];
  answerability: boolean;
  examples: boolean;
  minAnswerability: string;
  rerank: boolean;
  candidates: string;
  thresholdOn: boolean;
  threshold: string;
  crossLanguage: boolean;
  glossary: boolean;
  foodConcepts: boolean;
  llmProvider: Settings['llm']['provider'];
  baseUrl: string;
  model: string;
}

/** The draft of saved settings. */
export function draftOf(settings: Settings): SettingsDraft {
  return {
    provider: settings.embedder.provider,
    dtype: settings.embedder.dtype,
    batch: String(settings.embedder.cloud_batch_size),
    pause: String(settings.embedder.cloud_pause_ms / 1000),
    timeout: String(settings.embedder.cloud_timeout_ms / 1000),
    // Empty: the value calibrated for the active embedder (the setting is null).
    maxDist: settings.foods.max_dist === null ? '' : String(settings.foods.max_dist),
    keywordWeight: String(settings.fusion.keyword_weight),
    vectorWeight: String(settings.fusion.vector_weight),
    rrfK: String(settings.fusion.rrf_k),
    phase: settings.catalog.phase,
    strategy: settings.kb.strategy,
    answerability: settings.kb.answerability,
    examples: settings.kb.examples,
    minAnswerability: settings.kb.min_answerability === null ? '' : String(settings.kb.min_answerability),
    rerank: settings.kb.rerank,
    candidates: String(settings.kb.rerank_candidates),
    thresholdOn: settings.kb.min_similarity !== null,
    threshold: String(settings.kb.min_similarity ?? 0.5),
    crossLanguage: settings.language.cross_language,
    glossary: settings.language.glossary,
    foodConcepts: settings.foods.concepts,
    llmProvider: settings.llm.provider,
    baseUrl: settings.llm.base_url,
    model: settings.llm.model,
  };
}

/** The fields of the draft whose text is not a number (the screen names them); none means the draft can be saved. */
export type DraftField = 'batch' | 'pause' | 'timeout' | 'maxDist' | 'keywordWeight' | 'vectorWeight' | 'rrfK' | 'minAnswerability' | 'candidates' | 'threshold';

/** The patch one Save sends, or the fields that are not numbers (then nothing is sent). Range checks stay with main. */
export function patchOf(draft: SettingsDraft): { ok: true; patch: SettingsPatch } | { ok: false; fields: DraftField[] } {
  const wrong: DraftField[] = [];
  const number = (field: DraftField, optional = false): number | null => {
    const text = draft[field];
    if (optional && text.trim() === '') return null;
    const value = parseSettingNumber(text);
    if (value === null) wrong.push(field);
    return value;
  };
  const batch = number('batch');
  const pause = number('pause');
  const timeout = number('timeout');
  const maxDist = number('maxDist', true);
  const keywordWeight = number('keywordWeight');
  const vectorWeight = number('vectorWeight');
  const rrfK = number('rrfK');
  const minAnswerability = number('minAnswerability', true);
  const candidates = number('candidates');
  const threshold = draft.thresholdOn ? number('threshold') : null;
  if (wrong.length > 0) return { ok: false, fields: wrong };
  return {
    ok: true,
    patch: {
      embedder: {
        provider: draft.provider,
        dtype: draft.dtype,
        cloud_batch_size: batch as number,
        cloud_pause_ms: Math.round((pause as number) * 1000),
        cloud_timeout_ms: Math.round((timeout as number) * 1000),
      },
      foods: { max_dist: maxDist, concepts: draft.foodConcepts },
      fusion: { keyword_weight: keywordWeight as number, vector_weight: vectorWeight as number, rrf_k: rrfK as number },
      catalog: { phase: draft.phase },
      kb: {
        strategy: draft.strategy,
        min_similarity: threshold,
        answerability: draft.answerability,
        examples: draft.examples,
        min_answerability: minAnswerability,
        rerank: draft.rerank,
        rerank_candidates: candidates as number,
      },
      language: { cross_language: draft.crossLanguage, glossary: draft.glossary },
      llm: { provider: draft.llmProvider, base_url: draft.baseUrl.trim(), model: draft.model.trim() },
    },
  };
}

/** True when saving the draft changes which vectors the search needs (another model or precision). */
export function changesEmbedder(draft: SettingsDraft, settings: Settings): boolean {
  return draft.provider !== settings.embedder.provider || ((draft.provider === 'local' || draft.provider === 'auto') && draft.dtype !== settings.embedder.dtype);
}
