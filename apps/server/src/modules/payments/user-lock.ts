import { KeyedQueue } from '../../lib/keyed-queue.js';

/**
 * Runs one payment operation of a user at a time in this process. A purchase and its webhook, or
 * a double-clicked purchase, then see each other's result instead of racing: the second finds the
 * subscription the first made. (Across replicas the idempotency keys still prevent a double charge.)
 */
export class UserLock extends KeyedQueue<number> {}
