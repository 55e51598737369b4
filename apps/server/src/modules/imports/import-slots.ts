/**
 * How many imports this process runs at once; more wait their turn in order. Imports are long and
 * write a lot, so a small number keeps the database free for everyone else.
 */
export class ImportSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `active` stays as it is.
      if (next) next();
      else this.active--;
    };
  }
}
