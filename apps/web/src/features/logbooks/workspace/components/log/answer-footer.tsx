import { Badge, Group, Text } from '@mantine/core';
import { type AnswerMeta, describeAnswerMeta } from '../../model/answer-meta';

/** Under an answer: the model that gave it, its tokens in and out, and whether it was cut or stopped. */
export function AnswerFooter({ meta }: { meta: AnswerMeta }) {
  const line = describeAnswerMeta(meta);
  return (
    <Group gap={6} mt={6} wrap="wrap" data-answer-meta>
      {meta.stopped && (
        <Badge
          size="xs"
          variant="light"
          color="orange"
          title="Stopped before the end: this is what had arrived"
        >
          stopped
        </Badge>
      )}
      {meta.cut && (
        <Badge size="xs" variant="light" color="yellow" title="Cut at this server's answer limit">
          cut
        </Badge>
      )}
      {meta.atLength && (
        <Badge size="xs" variant="light" color="yellow" title="The model stopped at its maximum length">
          length limit
        </Badge>
      )}
      {line && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      )}
    </Group>
  );
}
