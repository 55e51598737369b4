export interface CountTask {
  texts: readonly string[];
}

// Loaded on first use: the encoding's tables take a few hundred milliseconds to load.
let tokenizer: Promise<typeof import('gpt-tokenizer/encoding/o200k_base')> | undefined;

/**
 * A worker-thread task: the tokens in `texts` by OpenAI's o200k encoding, used where a provider
 * reports no counts. Other providers' tokenizers differ, so the result is an estimate.
 */
export async function countTokensTask({ texts }: CountTask): Promise<number> {
  tokenizer ??= import('gpt-tokenizer/encoding/o200k_base');
  const { countTokens } = await tokenizer;
  let total = 0;
  for (const text of texts) total += countTokens(text);
  return total;
}
