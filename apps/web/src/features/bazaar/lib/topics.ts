/**
 * The topics typed into one field, separated by commas or spaces: lowercased, '#' dropped,
 * each once, in the order typed. The server checks each is one word.
 */
export function parseTopics(text: string): string[] {
  const topics: string[] = [];
  for (const word of text.split(/[\s,]+/)) {
    const topic = word.replace(/^#+/, '').toLowerCase();
    if (topic && !topics.includes(topic)) topics.push(topic);
  }
  return topics;
}
