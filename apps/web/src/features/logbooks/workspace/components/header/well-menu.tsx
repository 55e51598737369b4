import type { LogbookOverview } from '@caravanserai/api';
import { ActionIcon, Anchor, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../../config/paths';
import { useWellChoices } from '../../../api/get-well-choices';
import { CheckIcon, ChevronDownIcon } from '../icons';

/**
 * 'Using Well: {title}' linking to the well page, and for the owner a menu of their
 * wells that moves the logbook to another one in place, without a trip to Settings.
 */
export function WellMenu({
  logbook,
  isOwner,
  saving,
  onChange,
}: {
  logbook: LogbookOverview;
  isOwner: boolean;
  saving: boolean;
  onChange: (wellid: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const wells = useWellChoices(isOwner && opened);
  const { well } = logbook;
  if (!well && !isOwner) return null;
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      {well ? (
        <Anchor component={Link} to={paths.wells.detail.href(well.wellid)} fw={500} size="sm" truncate>
          Using Well: {well.title}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          No Well
        </Text>
      )}
      {isOwner && (
        <Menu
          opened={opened}
          onChange={setOpened}
          position="bottom-start"
          withinPortal
          shadow="md"
          width={240}
        >
          <Menu.Target>
            {well ? (
              // The tooltip passes on only its own props to the button, so the menu's are given here.
              <Tooltip label="Change well" openDelay={350} disabled={opened}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="Change well"
                  aria-haspopup="menu"
                  aria-expanded={opened}
                  loading={saving}
                >
                  <ChevronDownIcon />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button size="compact-xs" variant="light" rightSection={<ChevronDownIcon />} loading={saving}>
                Choose a well
              </Button>
            )}
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Answer with</Menu.Label>
            {wells.isPending && <Menu.Item disabled>Loading wells…</Menu.Item>}
            {wells.isError && <Menu.Item disabled>Wells could not be loaded.</Menu.Item>}
            {wells.data?.length === 0 && <Menu.Item disabled>You have no wells yet.</Menu.Item>}
            {wells.data?.map((choice) => {
              const current = choice.value === logbook.logwell;
              return (
                <Menu.Item
                  key={choice.value}
                  aria-current={current || undefined}
                  rightSection={current ? <CheckIcon /> : null}
                  onClick={() => {
                    if (!current) onChange(choice.value);
                  }}
                >
                  {choice.label}
                </Menu.Item>
              );
            })}
            <Menu.Divider />
            <Menu.Item component={Link} to={paths.wells.create.href()}>
              Create a well
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
