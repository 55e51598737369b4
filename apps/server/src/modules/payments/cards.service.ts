import type { PaymentSource, PaymentSourceCreate } from '@caravanserai/api';
import type { z } from 'zod';
import type { PaymentAccess } from '../../access/payment-access.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { Customers } from './customers.js';
import { type KeySource, requestKey } from './idempotency.js';
import { CardRefused, fromGateway, KeyReused, orFail } from './payment-errors.js';
import { toPaymentSource } from './payments.presenter.js';
import type { StripeGateway } from './stripe-gateway.js';
import type { UserLock } from './user-lock.js';

type AddInput = z.output<typeof PaymentSourceCreate>;

/** Saved cards: they live at Stripe only; the server keeps no card data. */
export class CardsService {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly customers: Customers,
    private readonly access: PaymentAccess,
    private readonly lock: UserLock,
  ) {}

  /** The user's cards, newest first, the default marked; [] without a customer. */
  async summary(user: UserRow): Promise<PaymentSource[]> {
    const customer = await this.customers.idOf(user);
    if (!customer) return [];
    const [remote, cards] = await orFail(
      Promise.all([this.gateway.retrieveCustomer(customer), this.gateway.listCards(customer)]),
    );
    if (remote.deleted) return [];
    const at = now();
    return cards.map((card) => toPaymentSource(card, remote.defaultPaymentMethod, at));
  }

  /** Whether the user has a saved card (a priced well rental needs one, DESIGN 10). */
  async hasCard(user: UserRow): Promise<boolean> {
    return (await this.summary(user)).length > 0;
  }

  /**
   * Saves the card Stripe.js made (or a test id): Stripe attaches a copy with a new id, which is the
   * one kept. Creates the customer if missing; the first card becomes the default.
   */
  async add(
    user: UserRow,
    username: string,
    input: AddInput,
    clientKey: string | null,
  ): Promise<PaymentSource> {
    this.access.ownUsername(user, username);
    return this.lock.run(user.id, async () => {
      this.access.ownCustomerId(await this.customers.idOf(user), input.customer_id);
      const customer = await this.customers.ensure(user);
      const source = this.keySource(user, clientKey);
      const card = await orFail(
        this.gateway.attachCard(
          input.payment_method_id,
          customer,
          requestKey('attach', source, { params: [customer, input.payment_method_id] }),
        ),
        (error) => (error.kind === 'idempotency' ? KeyReused() : CardRefused(error.reason)),
      );
      const remote = await orFail(this.gateway.retrieveCustomer(customer));
      let defaultCard = remote.defaultPaymentMethod;
      if (defaultCard === null) {
        await orFail(
          this.gateway.setDefaultCard(
            customer,
            card.id,
            requestKey('first-default', source, { state: [card.id] }),
          ),
        );
        defaultCard = card.id;
      }
      return toPaymentSource(card, defaultCard, now());
    });
  }

  /** Makes one of the user's cards the default: subscriptions are charged to it from now on. */
  async setDefault(user: UserRow, paymentKey: string, clientKey: string | null): Promise<PaymentSource[]> {
    await this.lock.run(user.id, async () => {
      const { customer } = await this.access.ownCard(user, paymentKey);
      const current = (await orFail(this.gateway.retrieveCustomer(customer))).defaultPaymentMethod;
      if (current === paymentKey) return;
      // The current default is part of the request: A, then B, then A again are three changes.
      const key = requestKey('default', this.keySource(user, clientKey), {
        params: [paymentKey],
        state: [current],
      });
      await orFail(this.gateway.setDefaultCard(customer, paymentKey, key));
    });
    return this.summary(user);
  }

  /**
   * Removes a card. When it was the default another card, the newest, becomes the default, so
   * the subscriptions have a card to be charged to.
   */
  async remove(user: UserRow, username: string, paymentKey: string): Promise<PaymentSource[]> {
    this.access.ownUsername(user, username);
    await this.lock.run(user.id, async () => {
      const { customer } = await this.access.ownCard(user, paymentKey);
      const remote = await orFail(this.gateway.retrieveCustomer(customer));
      const source = this.keySource(user, null);
      await orFail(
        this.gateway.detachCard(paymentKey, requestKey('detach', source, { params: [paymentKey] })),
        (error) => fromGateway(error, 'Payment method not found.'),
      );
      if (remote.defaultPaymentMethod !== paymentKey) return;
      const next = (await orFail(this.gateway.listCards(customer)))[0];
      if (next)
        await orFail(
          this.gateway.setDefaultCard(
            customer,
            next.id,
            requestKey('default', source, { params: [next.id], state: [paymentKey] }),
          ),
        );
    });
    return this.summary(user);
  }

  private keySource(user: UserRow, clientKey: string | null): KeySource {
    return { user, clientKey, nowMs: now() };
  }
}
