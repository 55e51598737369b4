/**
 * Runs one payment operation of a user at a time in this process. A purchase and its webhook, or
 * a double-clicked purchase, then see each other's result instead of racing: the second finds the
 * subscription the first made. (Across replicas the idempotency keys still prevent a double charge.)
 */
export class UserLock {
  private readonly tails = new Map<number, Promise<unknown>>();

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(userId) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(userId, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    }
  }
}
