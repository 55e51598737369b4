/** One id as a URL path segment, so no id can reach another path. */
export function seg(id: string): string {
  return encodeURIComponent(id);
}
