import type { TFunction } from 'i18next';
import type { EmbedderChoice } from '../../../../shared/contract';

/** "Local model bge-small-en-v1.5 (q8)" from an embedder id ("local:bge-small-en-v1.5:384:q8:bgeq1"); null: none. */
export function embedderName(id: string | null): { provider: 'local' | 'gemini' | 'voyage' | 'other'; model: string; detail: string } | null {
  if (id === null) return null;
  const [provider = '', model = id, , dtype = ''] = id.split(':');
  if (provider === 'local') return { provider: 'local', model, detail: dtype };
  if (provider === 'gemini' || provider === 'voyage') return { provider, model, detail: '' };
  return { provider: 'other', model: id, detail: '' };
}

/** The model semantic search uses, in words, as Settings and Index status both say it: "local model bge-small-en-v1.5 (q8), on this computer". */
export function embedderInUseText(t: TFunction, id: string | null): string {
  const name = embedderName(id);
  if (name === null) return t('settings.embedder.inUseNone');
  if (name.provider === 'local') return t('settings.embedder.inUseLocal', { model: name.model, detail: name.detail });
  return t('settings.embedder.inUseCloud', { provider: name.provider === 'gemini' ? 'Gemini' : name.provider === 'voyage' ? 'Voyage' : '', model: name.model });
}

/** What selected the embedder, as Index status and Settings say it: "Voyage (a Voyage key is stored)", "Local model (chosen in Settings)". */
export function embedderChoiceText(t: TFunction, choice: EmbedderChoice, problem: string | null): string {
  const provider = t(`status.choice.providers.${choice.provider}`);
  return t(`status.choice.${choice.reason}`, { provider, problem: problem ?? '—' });
}
