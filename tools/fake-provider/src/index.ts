export { startFakeProvider } from './server';
export type {
  FakeProvider,
  FakeProviderOptions,
  Family,
  NormalisedMessage,
  RecordedRequest,
  Script,
} from './types';
