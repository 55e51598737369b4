import type { LogbookOverview } from '@caravanserai/api';
import { Button, Popover, Text, Tooltip } from '@mantine/core';
import { useId, useState } from 'react';
import { describeSettings, settingsSummary } from '../../model/model-settings';
import { useModelSettings } from '../../model/use-model-settings';
import { SlidersIcon } from '../icons';
import { ModelSettingsForm } from './model-settings-form';

/**
 * How this logbook asks its model (DESIGN 12): for the owner a button, showing the settings in
 * short once any is set, that opens them in a small dialog (Escape closes it and gives the focus
 * back); for a reader, the settings in short, when any is set.
 */
export function ModelSettingsButton({ logbook, isOwner }: { logbook: LogbookOverview; isOwner: boolean }) {
  if (!isOwner) {
    const summary = settingsSummary(logbook.settings);
    if (summary === null) return null;
    return (
      <Text size="sm" c="dimmed" title={describeSettings(logbook.settings)}>
        Model: {summary}
      </Text>
    );
  }
  return <OwnerSettings logbook={logbook} />;
}

function OwnerSettings({ logbook }: { logbook: LogbookOverview }) {
  const [opened, setOpened] = useState(false);
  const { settings, errors, save, clearErrors } = useModelSettings(logbook);
  const titleId = useId();
  const summary = settingsSummary(settings);
  const name = summary === null ? 'Model settings' : `Model settings: ${summary}`;
  // The tooltip passes on only its own props to the button, so the dialog's are given here; an
  // open state held here is the button's to change.
  const target = {
    'aria-label': name,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': opened,
    onClick: () => setOpened((open) => !open),
  };
  return (
    <Popover
      opened={opened}
      onChange={(open) => {
        setOpened(open);
        if (!open) clearErrors();
      }}
      position="bottom-start"
      width={320}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={describeSettings(settings)} openDelay={350} disabled={opened}>
          {/* One button, with or without the summary, so the focus it gets back is still on the page. */}
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            fw={500}
            px={summary === null ? 4 : undefined}
            leftSection={summary === null ? undefined : <SlidersIcon />}
            {...target}
          >
            {summary ?? <SlidersIcon />}
          </Button>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Text id={titleId} fw={600} size="sm">
          Model settings
        </Text>
        <Text size="xs" c="dimmed" mb="sm">
          How this logbook's questions are asked. Saved as you change them.
        </Text>
        <ModelSettingsForm settings={settings} errors={errors} onSave={save} />
      </Popover.Dropdown>
    </Popover>
  );
}
