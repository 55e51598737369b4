import type { Db } from '../../db/dialect.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { PaymentParts } from '../payments/payments.js';
import { type BillingLog, RentalBilling } from './rental-billing.js';
import { RentalBillingSchedule } from './rental-billing-schedule.js';
import { RentalBillsRepository } from './rental-bills.repository.js';
import { RentalInvoicing } from './rental-invoicing.js';
import type { RentalsRepository } from './rentals.repository.js';

/** Priced well rentals' monthly bills, their renters' invoices and the hourly runs, on payments' parts. */
export function createRentalBilling(input: {
  db: Db;
  payments: PaymentParts;
  rentals: RentalsRepository;
  users: UsersRepository;
  log?: BillingLog | undefined;
}): RentalBillingSchedule {
  const { db, log } = input;
  const { gateway, customers, lock } = input.payments;
  const bills = new RentalBillsRepository(db.kysely);
  const billing = new RentalBilling(input.rentals, bills, input.users, customers, gateway, log);
  // The user lock of payments, one per process: its queue orders a renter's invoicing against that
  // user's card and subscription work here (on SQLite the only lock there is), and on PostgreSQL
  // its session advisory lock orders them across every server process too.
  const invoicing = new RentalInvoicing(bills, gateway.invoices, lock, log);
  return new RentalBillingSchedule(billing, invoicing, { log });
}
