import type { LogbookOverview } from '@caravanserai/api';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { LogbookBadges } from '../../../../../components/logbook-badges';
import { OwnerLine } from '../../../../../components/owner-line';
import { paths } from '../../../../../config/paths';
import { useLogbookTokens } from '../../../api/get-logbook';
import { formatCount } from '../../model/answer-meta';
import { LogbookMenu } from './logbook-menu';
import { ModelSettingsButton } from './model-settings-button';
import { WellMenu } from './well-menu';

/**
 * A compact head, so the conversation gets the room: the title and the menu (exports, and for
 * the owner Publish, Settings and Delete Logbook), then one line with the well and the model
 * settings (which its owner can change here), the owner, the flags and what the answers have cost
 * in tokens; for a logbook forked from the Bazaar, the listing it came from.
 */
export const WorkspaceHeader = memo(function WorkspaceHeader({
  logbook,
  isOwner,
  savingWell,
  onWellChange,
  onDeleted,
  onPublish,
}: {
  logbook: LogbookOverview;
  isOwner: boolean;
  savingWell: boolean;
  onWellChange: (wellid: string) => void;
  onDeleted: () => void;
  onPublish?: () => void;
}) {
  const totals = useLogbookTokens(logbook.logid).data;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {logbook.title}
        </Title>
        <LogbookMenu logbook={logbook} isOwner={isOwner} onDeleted={onDeleted} onPublish={onPublish} />
      </Group>
      <Group gap="xs" wrap="wrap" style={{ rowGap: 2 }}>
        <WellMenu logbook={logbook} isOwner={isOwner} saving={savingWell} onChange={onWellChange} />
        <ModelSettingsButton logbook={logbook} isOwner={isOwner} />
        <OwnerLine username={logbook.owner.username} c="dimmed" size="sm" />
        <LogbookBadges flags={logbook} />
        {totals && totals.answers > 0 && (
          <Text size="sm" c="dimmed" title="Tokens the answers in this logbook took, in and out">
            Tokens: {totals.estimated ? '≈ ' : ''}
            {formatCount(totals.input_tokens)} in · {formatCount(totals.output_tokens)} out
          </Text>
        )}
      </Group>
      {logbook.forked_from && (
        <Text size="sm" c="dimmed">
          Forked from{' '}
          <Anchor
            component={Link}
            to={paths.bazaar.version.href(logbook.forked_from.slug, logbook.forked_from.version)}
            inherit
          >
            {logbook.forked_from.slug} v{logbook.forked_from.version}
          </Anchor>{' '}
          in the Bazaar, by {logbook.forked_from.author.username}
        </Text>
      )}
      {logbook.description && (
        <Text size="sm" lineClamp={2} title={logbook.description} style={{ overflowWrap: 'anywhere' }}>
          {logbook.description}
        </Text>
      )}
    </Stack>
  );
});
