/**
 * The items whose title holds every word of `text`, in any case and any order, in the order given
 * (newest first, for logbooks). Blank text keeps them all.
 */
export function filterByTitle<T extends { title: string }>(items: readonly T[], text: string): T[] {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const title = item.title.toLocaleLowerCase();
    return words.every((word) => title.includes(word));
  });
}
