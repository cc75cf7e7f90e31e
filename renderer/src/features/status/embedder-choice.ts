import type { TFunction } from 'i18next';
import type { EmbedderChoice } from '../../../../shared/contract';

/** What selected the embedder, as Index status and Settings say it: "Voyage (a Voyage key is stored)", "Local model (chosen in Settings)". */
export function embedderChoiceText(t: TFunction, choice: EmbedderChoice, problem: string | null): string {
  const provider = t(`status.choice.providers.${choice.provider}`);
  return t(`status.choice.${choice.reason}`, { provider, problem: problem ?? '—' });
}
