import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ProviderFamily } from './family.js';

/**
 * Any server speaking OpenAI Chat Completions: Ollama, LM Studio, vLLM, OpenRouter. The user gives
 * its base URL (e.g. http://127.0.0.1:11434/v1 for Ollama) and the model name it serves.
 */
export const openaiCompatibleFamily: ProviderFamily = {
  id: 'openai-compatible',
  label: 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter)',
  defaultBaseUrl: null,
  models: [
    ['llama3.2', 'Llama 3.2 (Ollama)'],
    ['llama3.1:8b', 'Llama 3.1 8B (Ollama)'],
    ['qwen2.5', 'Qwen 2.5 (Ollama)'],
    ['gemma3', 'Gemma 3 (Ollama)'],
    ['mistral', 'Mistral 7B (Ollama)'],
    ['deepseek-r1', 'DeepSeek-R1 (Ollama)'],
    ['phi4', 'Phi-4 (Ollama)'],
  ],
  // includeUsage asks for the token counts that streamed answers otherwise leave out (vLLM, OpenRouter).
  create: ({ apiKey, baseURL, model, fetch }) =>
    createOpenAICompatible({
      name: 'openai-compatible',
      baseURL,
      apiKey,
      fetch,
      includeUsage: true,
    }).chatModel(model),
};
