import { SubscriptionPage } from './subscription-page';

export function Component() {
  return <SubscriptionPage tier="Sultan" kind="manage" />;
}
