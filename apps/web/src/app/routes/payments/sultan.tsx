import { PurchasePage } from './purchase-page';

export function Component() {
  return <PurchasePage tier="Sultan" />;
}
