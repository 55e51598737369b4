export type { StripeErrorBody } from './errors';
export { API_VERSION, type FakeEvent, type FakeEventType } from './events';
export type { PriceSpec } from './objects';
export { DEFAULT_PRICES, FAKE_PRICES } from './prices';
export { startFakeStripe } from './server';
export { signatureHeader } from './signature';
export { TEST_CARDS, type TestCard } from './test-cards';
export type { Advance, FakeStripe, FakeStripeOptions, RecordedRequest, RequestMatch } from './types';
export type { Delivery, SendOptions, Signed } from './webhooks';
