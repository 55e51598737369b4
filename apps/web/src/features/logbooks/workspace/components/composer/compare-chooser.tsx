import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useWellChoices } from '../../../api/get-well-choices';

const MOST = 4;

/**
 * Compare (DESIGN 12): the wells a question goes to at once, chosen in a small popover of
 * checkboxes, the logbook's own well first chosen. With two or more the Scribe asks them all.
 */
export function CompareChooser({
  logwell,
  chosen,
  onChange,
}: {
  logwell: string | null;
  chosen: readonly string[];
  onChange: (wellids: string[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const wells = useWellChoices(opened);
  const comparing = chosen.length > 1;
  const toggle = () => {
    if (!opened && chosen.length === 0 && logwell !== null) onChange([logwell]);
    setOpened((open) => !open);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top-end"
      withinPortal
      trapFocus
      shadow="md"
      width={260}
    >
      <Popover.Target>
        <Button
          size="compact-sm"
          variant={comparing ? 'light' : 'subtle'}
          color={comparing ? 'grape' : 'gray'}
          aria-haspopup="dialog"
          aria-expanded={opened}
          title="Ask 2 to 4 wells the same question and see their answers side by side"
          onClick={toggle}
        >
          {comparing ? `Compare: ${chosen.length} wells` : 'Compare'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Compare the answers of"
          description="Choose 2 to 4 wells; Send asks them all."
          value={[...chosen]}
          onChange={onChange}
        >
          <Stack gap={8} mt="xs">
            {wells.isPending && <Text size="sm">Loading wells…</Text>}
            {wells.isError && <Text size="sm">Wells could not be loaded.</Text>}
            {wells.data?.map((choice) => (
              <Checkbox
                key={choice.value}
                value={choice.value}
                label={choice.label}
                disabled={!chosen.includes(choice.value) && chosen.length >= MOST}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
