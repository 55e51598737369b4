import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../../config/paths';
import { useWellChoices } from '../../../api/get-well-choices';

/**
 * Above the Scribe of a logbook that has no well: its owner picks one of their wells right here
 * (saved with the logbook), or is pointed to create one when they have none.
 */
export function NoWellPanel({ saving, onChoose }: { saving: boolean; onChoose: (wellid: string) => void }) {
  const wells = useWellChoices(true);
  const none = wells.data?.length === 0;
  return (
    <Paper withBorder p="xs" mb="xs" radius="md">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">
          {none
            ? 'This Logbook has no Well, and you have none yet: create one to ask queries.'
            : 'This Logbook has no Well: choose the AI that answers its queries.'}
        </Text>
        {none ? (
          <Button component={Link} to={paths.wells.create.href()} size="xs">
            Create a well
          </Button>
        ) : (
          <Select
            aria-label="Well for this logbook"
            placeholder={wells.isPending ? 'Loading wells…' : 'Choose a well'}
            data={wells.data ?? []}
            value={null}
            disabled={saving || !wells.data}
            size="xs"
            w={220}
            comboboxProps={{ position: 'top' }}
            onChange={(value) => {
              if (value) onChoose(value);
            }}
          />
        )}
      </Group>
    </Paper>
  );
}
