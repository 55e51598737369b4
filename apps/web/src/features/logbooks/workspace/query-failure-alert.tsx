import { Alert, Text } from '@mantine/core';
import { AI_FAILED, type AskFailure } from './use-ask';

/** The spec's message for a failed query, with the provider's own reason in smaller print. */
export function QueryFailureAlert({ failure, onClose }: { failure: AskFailure; onClose: () => void }) {
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
      {failure.reason && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {failure.reason}
        </Text>
      )}
    </Alert>
  );
}
