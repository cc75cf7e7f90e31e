import { z } from 'zod';
import { LlmError, postJson, type LlmClient } from './llm-client.js';

const replySchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

/**
 * An OpenAI-compatible chat-completions endpoint: Ollama (http://127.0.0.1:11434/v1), llama.cpp server
 * (http://127.0.0.1:8080/v1), LM Studio (http://127.0.0.1:1234/v1) or any server speaking the protocol. An API
 * key is sent only when CITA_LLM_API_KEY is set (local servers need none), and only to the endpoint named with it
 * (create-llm.ts decides).
 */
export function createOpenAiCompatibleClient(options: { baseUrl: string; model: string; apiKey?: string }): LlmClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const what = `The language model at ${options.baseUrl}`;
  return {
    id: `openai-compatible:${options.model}`,
    async complete(request) {
      const body = {
        model: options.model,
        temperature: 0,
        stream: false,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        ...(request.json ? { response_format: { type: 'json_schema', json_schema: { name: request.json.name, schema: request.json.schema, strict: true } } } : {}),
      };
      const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
      const reply = replySchema.safeParse(await postJson(url, body, { headers, signal: request.signal, what, secret: options.apiKey ?? '' }));
      if (!reply.success) throw new LlmError(`${what} answered in an unexpected shape (no choices[0].message.content).`);
      const content = reply.data.choices[0]?.message.content ?? '';
      if (content.trim() === '') throw new LlmError(`${what} answered with an empty message.`);
      return content;
    },
  };
}
