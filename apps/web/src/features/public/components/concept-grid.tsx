import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const CONCEPTS = [
  {
    name: 'Logbook',
    text:
      'One conversation, kept as a running log of tagged entries: your queries, the answers (gen), ' +
      'context that steers the model, and comments for yourself. Private by default, and exportable as an XML file.',
  },
  {
    name: 'Journal',
    text: 'A folder for Logbooks. Keep the conversations of one project, client or course together.',
  },
  {
    name: 'Well',
    text:
      'An AI model plus your own account with its provider: OpenAI, Anthropic, Google, Mistral or any ' +
      'OpenAI-compatible server such as Ollama. Attach a Logbook to a Well and its queries are answered there.',
  },
  {
    name: 'Mirage',
    text:
      'An answer that is wrong or misleading. Mark it and it stays in the record, so you can see where ' +
      'the model went astray, but it is never sent back to the AI.',
  },
  {
    name: 'Salt',
    text:
      'Salting freezes a Logbook: anyone who can read it can view and fork it, nobody can edit it. ' +
      'A fork is your own private, editable copy.',
  },
  {
    name: 'Mapper',
    text:
      'The shell: Unix-style commands such as ls, open, query and tag for working with Logbooks from ' +
      'the keyboard, as a terminal you can download.',
  },
] as const;

/** The vocabulary a newcomer meets on every other page, in a sentence or two each. */
export function ConceptGrid() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="concepts-heading">
      <Title order={2} id="concepts-heading">
        The words of the road
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {CONCEPTS.map((concept) => (
          <Card key={concept.name} withBorder padding="md" radius="md">
            <Title order={3} fz="lg" mb={6}>
              {concept.name}
            </Title>
            <Text size="sm">{concept.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
