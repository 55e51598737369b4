import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

type ExampleId = (typeof EXAMPLE_LOGBOOKS)[number]['logid'];

/** What each seeded example is there to teach. */
const WHAT_IT_SHOWS: Record<ExampleId, string> = {
  'example-first-journey':
    'How a Logbook works: a context entry sets the scene, queries go to the Well, answers come back as ' +
    'gen entries, and comments keep notes that are never sent. Shows how Memory keeps follow-up questions in context.',
  'example-code-review':
    'A code entry holds the snippet under review and a reviewer context keeps the model focused; the answer ' +
    'finds the bug, and a comment records the fix that was applied.',
  'example-mirage-hunt':
    'A confident but wrong answer marked as a Mirage: it stays in the record with a comment explaining the ' +
    'mistake, is never sent back to the AI, and a second query gets the right answer.',
};

export function ExampleList() {
  return (
    <Stack gap="md">
      {EXAMPLE_LOGBOOKS.map((example) => (
        <Card key={example.logid} withBorder padding="md" radius="md" component="article">
          <Anchor component={Link} to={paths.logbooks.detail.href(example.logid)} fw={600} fz="lg">
            {example.title}
          </Anchor>
          <Text size="sm" mt={6}>
            {WHAT_IT_SHOWS[example.logid]}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
