import { Accordion, Stack, Title } from '@mantine/core';
import { CONCEPTS_FAQ } from '../content/faq-concepts';
import { PRODUCT_FAQ } from '../content/faq-product';
import type { FaqSection } from '../content/faq-types';
import { USE_CASES_FAQ } from '../content/faq-use-cases';

const SECTIONS: FaqSection[] = [PRODUCT_FAQ, CONCEPTS_FAQ, USE_CASES_FAQ];

/** Every question is a button inside an h3, so it can be reached by heading and toggled by keyboard. */
export function FaqList() {
  return (
    <Stack gap="xl">
      {SECTIONS.map((section) => (
        <Stack key={section.title} gap="sm" component="section">
          <Title order={2} fz="xl">
            {section.title}
          </Title>
          <Accordion multiple variant="separated" order={3}>
            {section.items.map((item) => (
              <Accordion.Item key={item.id} value={item.id} id={item.id}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>{item.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}
