/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested keys, as the SDKs
 * write it: `items[0][price]=price_1`, `invoice_settings[default_payment_method]=pm_1`,
 * `expand[]=latest_invoice` or `expand[0]=latest_invoice`. Values stay strings, as on the wire;
 * each endpoint reads them as the type it expects.
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormError extends Error {
  override readonly name = 'FormError';
}

const MAX_DEPTH = 8;

/** Decodes a query string or form body into nested objects and arrays. */
export function parseForm(text: string): FormObject {
  const root: Building = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    assign(root, keyPath(decode(rawKey)), decode(rawValue));
  }
  return arraysFromIndexes(root) as FormObject;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new FormError(`Invalid URL encoding: ${text.slice(0, 40)}`);
  }
}

/** `a[b][0][]` -> ['a', 'b', '0', '']; an empty segment means "append". */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const segment = /\[([^[\]]*)\]/gy;
  let end = 0;
  for (let match = segment.exec(rest); match; match = segment.exec(rest)) {
    path.push(match[1] ?? '');
    end = segment.lastIndex;
  }
  if (end !== rest.length || path[0] === '') throw new FormError(`Invalid parameter name: ${key}`);
  if (path.length > MAX_DEPTH) throw new FormError(`Parameter nested too deeply: ${key}`);
  return path;
}

// While assigning, arrays are objects keyed by index ('' keys append); they become arrays at the end.
const APPEND = Symbol('append');
type Building = { [key: string]: Building | string; [APPEND]?: number };

function assign(root: Building, path: string[], value: string): void {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    let key = path[i]!;
    if (key === '') {
      const next = node[APPEND] ?? 0;
      node[APPEND] = next + 1;
      key = `${next}`;
    }
    const last = i === path.length - 1;
    const existing = node[key];
    if (last) {
      if (existing !== undefined && typeof existing !== 'string')
        throw new FormError(`Conflicting values for ${path.join('.')}`);
      node[key] = value;
      return;
    }
    if (typeof existing === 'string') throw new FormError(`Conflicting values for ${path.join('.')}`);
    if (existing === undefined) {
      const child: Building = {};
      node[key] = child;
      node = child;
    } else node = existing;
  }
}

function arraysFromIndexes(node: Building | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isList = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  if (isList) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => arraysFromIndexes(node[String(k)]!));
  }
  const out: FormObject = {};
  for (const key of keys) out[key] = arraysFromIndexes(node[key]!);
  return out;
}
