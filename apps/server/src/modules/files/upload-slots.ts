/**
 * How many uploads each user has under way in this process, up to a bound. An upload holds its
 * file in memory while it is read and stored, so one user sending many at once could weigh on
 * everyone; a browser sends at most six requests to a server at a time, so the workspace never
 * meets the bound. Per process on purpose: it guards this process's memory, not a quota.
 */
export class UploadSlots {
  private readonly taken = new Map<number, number>();

  constructor(readonly perUser: number) {}

  /** A slot for one more upload of the user's, and its release; null when all are taken. */
  take(userId: number): (() => void) | null {
    const running = this.taken.get(userId) ?? 0;
    if (running >= this.perUser) return null;
    this.taken.set(userId, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.taken.get(userId) ?? 1) - 1;
      if (left === 0) this.taken.delete(userId);
      else this.taken.set(userId, left);
    };
  }

  /** The user's uploads under way now. */
  underWay(userId: number): number {
    return this.taken.get(userId) ?? 0;
  }
}
