import { Text } from '@mantine/core';
import { Page } from '../../components/page';
import { FaqList } from '../../features/public/components/faq-list';

/** Served at both /faq and /FAQ. */
export function Component() {
  return (
    <Page title="FAQ" heading="Frequently Asked Questions" size="sm">
      <Text mb="lg" c="dimmed">
        Select a question to read its answer.
      </Text>
      <FaqList />
    </Page>
  );
}
