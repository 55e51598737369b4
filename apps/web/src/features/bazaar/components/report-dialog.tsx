import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useReportListing } from '../api/report-listing';

/** Asks what is wrong with a listing and sends it to the administrators. */
export function ReportDialog({
  listingId,
  title,
  opened,
  onClose,
}: {
  listingId: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const report = useReportListing();
  const [reason, setReason] = useState('');
  const failure = report.error ? serverFieldErrors(report.error) : null;
  const close = () => {
    report.reset();
    setReason('');
    onClose();
  };
  const send = () =>
    report.mutate(
      { listingId, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Reported: the administrators will look at it.' });
          close();
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title="Report this listing" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            The server's administrators read reports and may remove “{title}” from the Bazaar.
          </Text>
          <Textarea
            label="Reason"
            description="What is wrong with this listing?"
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={failure?.fields.reason}
            data-autofocus
          />
          {failure && failure.other.length > 0 && (
            <Alert color="red" variant="light" role="alert" title="Not reported">
              {failure.other.join(' ')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={report.isPending} disabled={reason.trim() === ''}>
              Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
