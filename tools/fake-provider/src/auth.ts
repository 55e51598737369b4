/** API key lookups, per the header each provider uses. */

export function bearerToken(headers: Record<string, string>): string | undefined {
  const match = /^Bearer\s+(\S.*)$/i.exec(headers.authorization ?? '');
  return match?.[1]?.trim() || undefined;
}

export function headerKey(headers: Record<string, string>, name: string): string | undefined {
  return headers[name]?.trim() || undefined;
}
