import { now } from '../../db/columns.js';
import { monthStart } from '../caravans/query-admission.js';
import { monthOf } from './rental.service.js';
import type { BillingLog, RentalBilling } from './rental-billing.js';
import type { RentalInvoicing } from './rental-invoicing.js';

export interface BillingTimings {
  /** The first run, this long after the process starts (its other work comes first). */
  startDelayMs: number;
  /** Then a run this often. */
  everyMs: number;
  /**
   * A month is billed once it has been over this long: usage rows written by another process
   * whose clock runs a little behind still land in the month they belong to.
   */
  graceMs: number;
}

export const BILLING_TIMINGS: BillingTimings = {
  startDelayMs: 60_000,
  everyMs: 60 * 60 * 1000,
  graceMs: 10 * 60 * 1000,
};

/**
 * Runs the rental billing in every server process with payments on: a minute after start, then
 * hourly. Each run finishes bills left half-done, bills, oldest month first, the use of every
 * closed month that has no bill yet (nothing to do once every month is billed), so a month the
 * server was down or failing for through the next is still billed, and then invoices the renters
 * for their bills at Stripe. Processes may run at the same moment: the billing and the invoicing
 * make sure each bill is sent, and invoiced, once. Runs never overlap, and closing
 * waits for the one under way to stop between bills.
 */
export class RentalBillingSchedule {
  private readonly timings: BillingTimings;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    readonly billing: RentalBilling,
    readonly invoicing: RentalInvoicing,
    private readonly options: { timings?: Partial<BillingTimings>; log?: BillingLog | undefined } = {},
  ) {
    this.timings = { ...BILLING_TIMINGS, ...options.timings };
  }

  start(): void {
    if (this.timer || this.stopping) return;
    this.next(this.timings.startDelayMs);
  }

  /** The last month a run at `at` bills: the last one over for at least the grace period. */
  monthToBill(at: number = now()): string {
    return monthOf(monthStart(at - this.timings.graceMs) - 1);
  }

  /** One run: what the timer does, callable on its own. */
  async runOnce(at: number = now()): Promise<void> {
    const month = this.monthToBill(at);
    const stopping = () => this.stopping;
    try {
      await this.billing.finishOpen(stopping);
      await this.billing.billThrough(month, stopping);
      await this.invoicing.invoicePending(stopping);
    } catch (error) {
      this.options.log?.warn(
        { err: error, through: month },
        'the well rentals could not be billed; the next run tries again',
      );
    }
  }

  async close(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private next(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runOnce().finally(() => {
        this.running = null;
        if (!this.stopping) this.next(this.timings.everyMs);
      });
    }, delayMs);
    // A timer alone never keeps the process up.
    this.timer.unref();
  }
}
