import { List, Text } from '@mantine/core';
import type { FaqSection } from './faq-types';

export const USE_CASES_FAQ: FaqSection = {
  title: 'Use cases',
  items: [
    {
      id: 'use-cases',
      question: 'What do people use Caravanserai for?',
      answer: (
        <>
          <Text>A few journeys it suits well:</Text>
          <List spacing={4} mt="xs">
            <List.Item>
              A research trail: every question and answer behind a report, with the wrong turns marked as
              Mirages rather than lost.
            </List.Item>
            <List.Item>
              Code review: paste the code as a code entry, set a reviewer's context once, and keep the review
              next to the fix.
            </List.Item>
            <List.Item>
              Comparing models: ask the same question in Logbooks attached to different Wells and read the
              answers side by side.
            </List.Item>
            <List.Item>
              Reusable starting points: salt a Logbook with a well-tuned context and fork it for each new
              task.
            </List.Item>
            <List.Item>Teaching: publish salted example Logbooks that students can read and fork.</List.Item>
            <List.Item>
              Keeping records: export Logbooks as XML for an archive, an audit or another tool.
            </List.Item>
          </List>
        </>
      ),
    },
    {
      id: 'examples',
      question: 'Where can I see a finished Logbook?',
      answer: (
        <Text>
          The Examples page links three public, salted Logbooks: a first journey with context and follow-up
          questions, a code review, and a marked mirage. You can read them without an account.
        </Text>
      ),
    },
  ],
};
