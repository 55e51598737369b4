import { invalidParam, missingParam, unknownParam } from './errors';
import type { FormObject, FormValue } from './form';

/**
 * Typed reads of a decoded form, refusing what Stripe refuses: parameters an endpoint does not
 * know, and values of the wrong kind. `name` is the parameter's name as Stripe reports it
 * (`items[0][price]`), so error bodies carry the same `param` as the real API.
 */
export class Params {
  constructor(
    private readonly data: FormObject,
    private readonly prefix = '',
  ) {}

  /** Refuses any parameter other than `allowed` (plus `expand`, which every endpoint takes). */
  only(...allowed: string[]): this {
    for (const key of Object.keys(this.data)) {
      if (key !== 'expand' && !allowed.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  has(key: string): boolean {
    return this.data[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${describe(value)}`);
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  /** An empty string is Stripe's way of clearing a field: it reads as null. */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    return value === '' ? null : value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw invalidParam(this.name(key), `Invalid boolean: ${value}`);
    return value === 'true';
  }

  integer(key: string, min: number, max: number): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || n < min || n > max)
      throw invalidParam(this.name(key), `Invalid integer: ${value}`);
    return n;
  }

  oneOf<T extends string>(key: string, choices: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(choices as readonly string[]).includes(value))
      throw invalidParam(this.name(key), `Invalid ${key}: must be one of ${choices.join(', ')}`);
    return value as T;
  }

  /**
   * A range filter of a list (`created`): a number for one exact value, or an object of `gt`,
   * `gte`, `lt` and `lte` bounds. Answers whether a value falls in it; everything when absent.
   */
  range(key: string, min: number, max: number): (value: number) => boolean {
    const value = this.data[key];
    if (value === undefined) return () => true;
    if (typeof value === 'string') {
      const exact = this.integer(key, min, max);
      return (v) => v === exact;
    }
    const bounds = this.object(key)?.only('gt', 'gte', 'lt', 'lte');
    const [gt, gte, lt, lte] = (['gt', 'gte', 'lt', 'lte'] as const).map((b) => bounds?.integer(b, min, max));
    return (v) =>
      (gt === undefined || v > gt) &&
      (gte === undefined || v >= gte) &&
      (lt === undefined || v < lt) &&
      (lte === undefined || v <= lte);
  }

  object(key: string): Params | undefined {
    const value = this.data[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidParam(this.name(key), `Invalid object: ${describe(value)}`);
    return new Params(value, this.name(key));
  }

  list(key: string): Params[] | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidParam(this.name(key), `Invalid array: ${describe(value)}`);
    return value.map((item, i) => {
      const name = `${this.name(key)}[${i}]`;
      if (typeof item !== 'object' || Array.isArray(item))
        throw invalidParam(name, `Invalid object: ${describe(item)}`);
      return new Params(item, name);
    });
  }

  /** Metadata: string keys to string values; an empty value removes that key. */
  metadata(key = 'metadata'): Record<string, string | null> | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    const object = this.object(key);
    if (!object) return undefined;
    const out: Record<string, string | null> = {};
    for (const name of object.keys()) {
      const v = object.string(name) ?? '';
      if (name.length > 40)
        throw invalidParam(`${this.name(key)}[${name}]`, 'Metadata keys are at most 40 characters.');
      if (v.length > 500)
        throw invalidParam(`${this.name(key)}[${name}]`, 'Metadata values are at most 500 characters.');
      out[name] = v === '' ? null : v;
    }
    return out;
  }

  keys(): string[] {
    return Object.keys(this.data);
  }

  /** The `expand` list, whether sent as `expand[]=a` or `expand[0]=a`. */
  expand(): string[] {
    const value = this.data.expand;
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => {
      if (typeof item !== 'string') throw invalidParam('expand', `Invalid array: ${describe(item)}`);
      return item;
    });
  }

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }
}

function describe(value: FormValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 80);
}
