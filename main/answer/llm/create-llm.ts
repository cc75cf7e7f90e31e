import type { Settings } from '../../../shared/settings.js';
import { createGeminiClient } from './gemini.js';
import type { LlmClient } from './llm-client.js';
import { createOpenAiCompatibleClient } from './openai-compatible.js';

/** Environment variables holding API keys (until keys live in the OS keychain): never settings, never logged. */
export const geminiKeyVariable = 'CITA_GEMINI_API_KEY';
export const llmKeyVariable = 'CITA_LLM_API_KEY';

export type LlmChoice = { kind: 'none' } | { kind: 'client'; client: LlmClient } | { kind: 'misconfigured'; problem: string };

/** The language model the settings ask for: none (offline, the default), a client, or why it cannot be built. */
export function llmFromSettings(settings: Settings['llm'], environment: NodeJS.ProcessEnv = process.env): LlmChoice {
  if (settings.provider === 'none') return { kind: 'none' };
  if (settings.provider === 'openai-compatible') {
    if (settings.base_url.trim() === '') return { kind: 'misconfigured', problem: 'the OpenAI-compatible provider needs a base URL in settings (llm.base_url)' };
    if (!/^https?:\/\//i.test(settings.base_url)) return { kind: 'misconfigured', problem: 'llm.base_url must start with http:// or https://' };
    if (settings.model.trim() === '') return { kind: 'misconfigured', problem: 'the OpenAI-compatible provider needs a model name in settings (llm.model)' };
    const apiKey = environment[llmKeyVariable];
    return { kind: 'client', client: createOpenAiCompatibleClient({ baseUrl: settings.base_url, model: settings.model, ...(apiKey ? { apiKey } : {}) }) };
  }
  const apiKey = environment[geminiKeyVariable];
  if (!apiKey) return { kind: 'misconfigured', problem: `Gemini needs an API key in the environment variable ${geminiKeyVariable}` };
  return { kind: 'client', client: createGeminiClient({ apiKey, model: settings.model, baseUrl: settings.base_url }) };
}
