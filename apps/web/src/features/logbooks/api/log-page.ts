/** Entries a page of the log asks for: the newest turns, and each step up the log. */
export const PAGE_SIZE = 100;
