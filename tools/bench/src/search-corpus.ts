/**
 * Text for the search benchmark: entries of 10 to 60 words drawn from a vocabulary of about
 * 30,000 words with Zipf's frequencies (`the` is in nearly every entry, the rarest words in a few
 * dozen), some entries with a fixed phrase or a Japanese or Chinese sentence. Deterministic: the
 * same seed gives the same million entries.
 */

const COMMON = `the of and to a in is it that for you with on as are be this was have or by not but
what from can if an at your which will one all there use so more would about when how they we
server data model query error file code function request value user time list answer question
deploy deployment deployed deploying database index search result test build cache memory log
lighthouse keeper caravan journal well salt route table column window thread token prompt`.split(/\s+/);

const SYLLABLES = 'ka ko ru mi na te so li vo pe da ghi zu ba re sha to ne mo yu fi la xo ki'.split(' ');

const CJK_SENTENCES = [
  '私は東京に住んでいます。',
  '東京から京都まで新幹線で行きました。',
  '明日は東京で会議があります。',
  '京都の寺はとても静かです。',
  '東北の冬は長いです。',
  '这个问题的答案在文档里。',
  '我们明天去北京开会。',
  '数据库的索引需要重建。',
  '検索結果が表示されません。',
  'サーバーのログを確認してください。',
];

/** mulberry32: small, fast and good enough to spread words. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticWords(count: number): string[] {
  const words: string[] = [];
  const n = SYLLABLES.length;
  for (let i = 0; words.length < count; i++) {
    const a = SYLLABLES[i % n] ?? '';
    const b = SYLLABLES[Math.floor(i / n) % n] ?? '';
    const c = SYLLABLES[Math.floor(i / (n * n)) % n] ?? '';
    words.push(i < n * n ? `${a}${b}${c}n` : `${a}${b}${c}${SYLLABLES[Math.floor(i / (n * n * n)) % n]}`);
  }
  return words;
}

export class Corpus {
  /** Most frequent first. */
  readonly vocabulary: string[];
  private readonly cumulative: Float64Array;
  private readonly next: () => number;

  constructor(seed = 1, size = 30_000) {
    this.vocabulary = [...COMMON, ...syntheticWords(size - COMMON.length)];
    this.cumulative = new Float64Array(this.vocabulary.length);
    let sum = 0;
    for (let rank = 0; rank < this.vocabulary.length; rank++) {
      sum += 1 / (rank + 1);
      this.cumulative[rank] = sum;
    }
    this.next = random(seed);
  }

  private word(): string {
    const target = this.next() * (this.cumulative[this.cumulative.length - 1] ?? 1);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return this.vocabulary[lo] ?? 'the';
  }

  /** `min` to `max` words of the vocabulary (no phrase, no CJK), capitalised, with a full stop. */
  sentence(min: number, max: number): string {
    const words: string[] = [];
    const length = min + Math.floor(this.next() * (max - min + 1));
    for (let i = 0; i < length; i++) words.push(this.word());
    const text = words.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  /** One entry's text. */
  entry(): string {
    const words: string[] = [];
    const length = 10 + Math.floor(this.next() * 51);
    for (let i = 0; i < length; i++) words.push(this.word());
    const roll = this.next();
    if (roll < 0.01) words.splice(Math.floor(this.next() * words.length), 0, 'lighthouse', 'keeper');
    let text = `${words.join(' ')}.`;
    text = text.charAt(0).toUpperCase() + text.slice(1);
    if (roll > 0.96) text += ` ${CJK_SENTENCES[Math.floor(this.next() * CJK_SENTENCES.length)]}`;
    return text;
  }
}
