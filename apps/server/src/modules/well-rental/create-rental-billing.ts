import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import type { UsersRepository } from '../auth/users.repository.js';
import { Customers } from '../payments/customers.js';
import { StripeGateway } from '../payments/stripe-gateway.js';
import { SubscriptionsRepository } from '../payments/subscriptions.repository.js';
import { UserLock } from '../payments/user-lock.js';
import { type BillingLog, RentalBilling } from './rental-billing.js';
import { RentalBillingSchedule } from './rental-billing-schedule.js';
import { RentalBillsRepository } from './rental-bills.repository.js';
import { RentalInvoicing } from './rental-invoicing.js';
import type { RentalsRepository } from './rentals.repository.js';

/** Priced well rentals' monthly bills, their renters' invoices and the hourly runs; null while payments are off. */
export function createRentalBilling(input: {
  config: Config;
  db: Db;
  rentals: RentalsRepository;
  users: UsersRepository;
  log?: BillingLog | undefined;
}): RentalBillingSchedule | null {
  const { config, db, log } = input;
  if (!config.paymentsEnabled || !config.stripe) return null;
  const gateway = new StripeGateway(config.stripe);
  const customers = new Customers(new SubscriptionsRepository(db.kysely), gateway);
  const bills = new RentalBillsRepository(db.kysely);
  const billing = new RentalBilling(input.rentals, bills, input.users, customers, gateway, log);
  // A lock of its own in this process, where runs never overlap; across PostgreSQL processes the
  // advisory locks of payments, which every process's billing shares.
  const invoicing = new RentalInvoicing(bills, gateway.invoices, new UserLock(db), log);
  return new RentalBillingSchedule(billing, invoicing, { log });
}
