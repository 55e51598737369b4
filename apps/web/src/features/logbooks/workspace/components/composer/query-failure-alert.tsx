import { Alert, Button, Group, Text } from '@mantine/core';
import type { AskFailure } from '../../model/session-state';
import { RedoIcon } from '../icons';
import { AI_FAILED, describeFailure } from './failure-text';

/**
 * The spec's message for a failed query, then in words what happened with which well and what to
 * check, a Retry when the query is stored, and the provider's own reason on a details line.
 */
export function QueryFailureAlert({
  failure,
  wellTitle,
  canRetry,
  onRetry,
  onClose,
}: {
  failure: AskFailure;
  wellTitle: string | null;
  /** False while another answer is arriving. */
  canRetry: boolean;
  onRetry: (qid: string) => void;
  onClose: () => void;
}) {
  const text = describeFailure(failure.error, wellTitle);
  const { qid } = failure;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={AI_FAILED}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      py="xs"
      mb="xs"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text.what}
        {text.check && ` ${text.check}`}
      </Text>
      {(qid !== null || text.details) && (
        <Group gap="sm" mt={6} wrap="nowrap" align="center">
          {qid !== null && (
            <Button
              size="compact-sm"
              color="red"
              leftSection={<RedoIcon />}
              disabled={!canRetry}
              onClick={() => onRetry(qid)}
            >
              Retry
            </Button>
          )}
          {text.details && (
            <Text
              size="xs"
              c="dimmed"
              ff="monospace"
              lineClamp={2}
              title={text.details}
              style={{ overflowWrap: 'anywhere' }}
            >
              Details: {text.details}
            </Text>
          )}
        </Group>
      )}
    </Alert>
  );
}
