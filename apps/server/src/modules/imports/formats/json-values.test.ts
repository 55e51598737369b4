import { describe, expect, it } from 'vitest';
import { jsonShape } from './json-shape.js';
import { type JsonChild, JsonReadError, jsonChildren, OVERSIZED } from './json-values.js';

async function children(chunks: (string | Buffer)[], max?: number): Promise<JsonChild[]> {
  const out: JsonChild[] = [];
  for await (const child of jsonChildren(chunks, max)) out.push(child);
  return out;
}

describe('jsonChildren', () => {
  it('yields array elements and object properties across any chunking', async () => {
    expect(await children(['[{"a":', '1},', ' 2, "x', 'y", null]', '\n'])).toEqual([
      { key: 0, value: { a: 1 } },
      { key: 1, value: 2 },
      { key: 2, value: 'xy' },
      { key: 3, value: null },
    ]);
    expect(await children([Buffer.from([0xef, 0xbb, 0xbf]), '{"format": "f", "n": [1]}'])).toEqual([
      { key: 'format', value: 'f' },
      { key: 'n', value: [1] },
    ]);
  });

  it('keeps a __proto__ key as data', async () => {
    const [first] = await children(['[{"__proto__": {"polluted": true}}]']);
    expect(Object.getPrototypeOf(first?.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('yields what came before a break, then says why', async () => {
    const out: JsonChild[] = [];
    await expect(async () => {
      for await (const child of jsonChildren(['[1, 2, {"a": ]'])) out.push(child);
    }).rejects.toThrow(JsonReadError);
    expect(out.map((c) => c.value)).toEqual([1, 2]);
    await expect(children(['[1, 2'])).rejects.toThrow(JsonReadError);
    await expect(children(['[1] [2]'])).rejects.toThrow(JsonReadError);
    await expect(children([])).rejects.toThrow('The file is empty.');
  });

  it('passes over an array element larger than the bound, and reads on', async () => {
    const big = `{"text": "${'x'.repeat(4096)}", "more": [1, {"deep": "${'y'.repeat(4096)}"}]}`;
    const chunks = ['[1,', big.slice(0, 1500), big.slice(1500, 3000), big.slice(3000), ',{"after": true}]'];
    expect(await children(chunks, 1000)).toEqual([
      { key: 0, value: 1 },
      { key: -1, value: OVERSIZED },
      { key: 1, value: { after: true } },
    ]);
    expect(await children(chunks, 100_000)).toHaveLength(3);
    const property = ['{"a":', big.slice(0, 2000), big.slice(2000), '}'];
    await expect(children(property, 1000)).rejects.toThrow('One item is larger than');
  });

  it('passes over an element by its bytes: brackets and quotes in its strings do not end it', async () => {
    const tricky = `{"a": "]}\\\\", "b": "\\"]},{\\"", "c": [[{"d": "${'z'.repeat(5000)}"}]]}`;
    const chunks = [
      '[1,',
      ...Array.from({ length: 10 }, (_, i) => tricky.slice(i * 600, (i + 1) * 600)),
      ',[2]]',
    ];
    expect(chunks.join('').length).toBeGreaterThan(5000);
    expect(JSON.parse(chunks.join(''))).toHaveLength(3);
    expect(await children(chunks, 1000)).toEqual([
      { key: 0, value: 1 },
      { key: -1, value: OVERSIZED },
      { key: 1, value: [2] },
    ]);
  });

  it('says so when the file ends inside a passed-over element', async () => {
    const out: JsonChild[] = [];
    await expect(async () => {
      for await (const child of jsonChildren(['[1,', `["${'x'.repeat(3000)}`, 'yyyy'], 1000)) out.push(child);
    }).rejects.toThrow(JsonReadError);
    expect(out).toEqual([
      { key: 0, value: 1 },
      { key: -1, value: OVERSIZED },
    ]);
  });
});

describe('jsonShape', () => {
  it('gives the document as far as the bytes read, keys without their values included', async () => {
    const text = `{"format": "f", "list": [1, {"k": true}], "big": "${'x'.repeat(500)}", "late": 1}`;
    expect(await jsonShape([text], 40)).toEqual({ format: 'f', list: [1, { k: true }], big: undefined });
    expect(await jsonShape([text])).toMatchObject({ late: 1 });
    expect(await jsonShape(['[{"__proto__": {"polluted": true}}, {"a": '])).toEqual([
      JSON.parse('{"__proto__": {"polluted": true}}'),
      { a: undefined },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await jsonShape(['not json'])).toBeUndefined();
    expect(await jsonShape([])).toBeUndefined();
  });
});
