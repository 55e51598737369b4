/** Narrowing helpers for request bodies, which arrive as `unknown`. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(value: unknown, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}

export function arrayField(value: unknown, key: string): unknown[] {
  if (!isObject(value)) return [];
  const field = value[key];
  return Array.isArray(field) ? field : [];
}

export function objectField(value: unknown, key: string): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const field = value[key];
  return isObject(field) ? field : undefined;
}
