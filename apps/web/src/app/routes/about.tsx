import { Page } from '../../components/page';
import { AboutContent } from '../../features/public/components/about-content';

export function Component() {
  return (
    <Page title="About" heading="About Caravanserai" size="sm">
      <AboutContent />
    </Page>
  );
}
