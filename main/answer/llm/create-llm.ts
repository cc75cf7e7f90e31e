import type { Settings } from '../../../shared/settings.js';
import { endpointProblem, sameEndpoint } from '../../core/key-endpoints.js';
import { createGeminiClient, geminiDefaultBaseUrl } from './gemini.js';
import type { LlmClient } from './llm-client.js';
import { createOpenAiCompatibleClient } from './openai-compatible.js';

/**
 * Environment variables holding API keys (until keys live in the OS keychain): never settings, never logged. Each key
 * has its endpoint beside it in the environment, set by whoever starts cita; settings (which any editor token may
 * change) can point requests elsewhere, but a key is then not sent at all.
 */
export const geminiKeyVariable = 'CITA_GEMINI_API_KEY';
/** Gemini's host for this key (the embedder's variable too); the API path (/v1beta) is added here. */
export const geminiBaseUrlVariable = 'CITA_GEMINI_BASE_URL';
export const llmKeyVariable = 'CITA_LLM_API_KEY';
/** The OpenAI-compatible server CITA_LLM_API_KEY belongs to; the key is sent to no other. */
export const llmBaseUrlVariable = 'CITA_LLM_BASE_URL';

export type LlmChoice = { kind: 'none' } | { kind: 'client'; client: LlmClient } | { kind: 'misconfigured'; problem: string };

const variable = (environment: NodeJS.ProcessEnv, name: string): string => environment[name]?.trim() ?? '';

/** The language model the settings ask for: none (offline, the default), a client, or why it cannot be built. */
export function llmFromSettings(settings: Settings['llm'], environment: NodeJS.ProcessEnv = process.env): LlmChoice {
  if (settings.provider === 'none') return { kind: 'none' };
  return settings.provider === 'openai-compatible' ? openAiCompatible(settings, environment) : gemini(settings, environment);
}

function openAiCompatible(settings: Settings['llm'], environment: NodeJS.ProcessEnv): LlmChoice {
  const apiKey = variable(environment, llmKeyVariable);
  const keyEndpoint = variable(environment, llmBaseUrlVariable);
  const baseUrl = settings.base_url.trim() || keyEndpoint;
  if (baseUrl === '') return { kind: 'misconfigured', problem: `the OpenAI-compatible provider needs a base URL in settings (llm.base_url) or in ${llmBaseUrlVariable}` };
  const problem = endpointProblem(baseUrl, settings.base_url.trim() ? 'llm.base_url' : llmBaseUrlVariable);
  if (problem) return { kind: 'misconfigured', problem };
  if (settings.model.trim() === '') return { kind: 'misconfigured', problem: 'the OpenAI-compatible provider needs a model name in settings (llm.model)' };
  if (apiKey !== '') {
    if (keyEndpoint === '') {
      return {
        kind: 'misconfigured',
        problem: `${llmKeyVariable} is set but not the server it belongs to; set ${llmBaseUrlVariable} beside it (the key is sent to that server only)`,
      };
    }
    const keyProblem = endpointProblem(keyEndpoint, llmBaseUrlVariable);
    if (keyProblem) return { kind: 'misconfigured', problem: keyProblem };
    if (!sameEndpoint(baseUrl, keyEndpoint)) {
      return {
        kind: 'misconfigured',
        problem: `llm.base_url (${baseUrl}) is not the server ${llmKeyVariable} belongs to (${llmBaseUrlVariable}), so the key is not sent there; set both together to use another server`,
      };
    }
  }
  return { kind: 'client', client: createOpenAiCompatibleClient({ baseUrl, model: settings.model, ...(apiKey ? { apiKey } : {}) }) };
}

function gemini(settings: Settings['llm'], environment: NodeJS.ProcessEnv): LlmChoice {
  const apiKey = variable(environment, geminiKeyVariable);
  if (!apiKey) return { kind: 'misconfigured', problem: `Gemini needs an API key in the environment variable ${geminiKeyVariable}` };
  const host = variable(environment, geminiBaseUrlVariable);
  const keyEndpoint = host ? `${host.replace(/\/+$/, '')}/v1beta` : geminiDefaultBaseUrl;
  const keyProblem = endpointProblem(keyEndpoint, geminiBaseUrlVariable);
  if (keyProblem) return { kind: 'misconfigured', problem: keyProblem };
  const baseUrl = settings.base_url.trim() || keyEndpoint;
  if (!sameEndpoint(baseUrl, keyEndpoint)) {
    return {
      kind: 'misconfigured',
      problem: `llm.base_url (${baseUrl}) is not Gemini's endpoint for this key (${keyEndpoint}), so the key is not sent there; leave llm.base_url empty, or set ${geminiBaseUrlVariable} beside the key`,
    };
  }
  return { kind: 'client', client: createGeminiClient({ apiKey, model: settings.model, baseUrl: keyEndpoint }) };
}
