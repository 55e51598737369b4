import type { ProviderId } from './family.js';
import type { Origin } from './registry.js';

/**
 * Models known to take no images, by provider family (DESIGN 3a: refused before any call). The
 * families' current models all take them but for these older or text-only lines.
 */
const TEXT_ONLY: Partial<Record<ProviderId, RegExp>> = {
  openai:
    /^(gpt-3\.5|gpt-4-0|gpt-4-1106|gpt-4-turbo-preview|gpt-4$|o1-mini|o1-preview|o3-mini|text-|davinci|babbage)/,
  anthropic: /^claude-(2|instant)/,
  google: /^(gemini-1\.0-pro(?!-vision)|gemma-[12]|text-|aqa)/,
  mistral: /^(mistral-large|codestral|ministral|open-mistral|open-mixtral|mistral-tiny|mistral-embed)/,
};

/**
 * OpenAI-compatible servers (Ollama, vLLM, OpenRouter) serve any model: only those whose names say
 * they see (vision and multimodal lines, or a multimodal family behind a router) are sent images.
 */
const SEES =
  /vision|llava|(^|[-_.:/])vl([-_.:]|$)|vl:|qwen2\.5vl|gemma3|pixtral|moondream|minicpm-v|llama4|mistral-small3\.[12]|gpt-4o|gpt-4\.1|gpt-5|claude|gemini/i;

export function acceptsImages({ family, model }: Origin): boolean {
  if (family.id === 'openai-compatible') return SEES.test(model);
  return !(TEXT_ONLY[family.id]?.test(model) ?? false);
}

/**
 * Whether a PDF goes to the model as a file part: the models of OpenAI, Anthropic, Google and
 * Mistral that see images read PDFs too; text-only ones, and OpenAI-compatible servers (which
 * mostly read none), get the PDF's text.
 */
export function takesPdf(origin: Origin): boolean {
  return origin.family.id !== 'openai-compatible' && acceptsImages(origin);
}
