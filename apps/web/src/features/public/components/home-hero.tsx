import { Anchor, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { StartButtons } from '../../../components/start-buttons';
import { paths } from '../../../config/paths';

/** The logo (public/logo.svg): 264 by 264 pixels, a plain file costing no script. */
const LOGO = { src: '/logo.svg', size: 264 } as const;

/** The home page's welcome: title, tagline, what the product is, and where to begin; the logo beside. */
export function HomeHero() {
  return (
    <Flex
      direction={{ base: 'column-reverse', md: 'row' }}
      align={{ base: 'center', md: 'flex-start' }}
      gap={{ base: 'lg', md: 40 }}
    >
      <Stack gap="md" style={{ flex: 1, alignSelf: 'stretch' }}>
        <Title order={1} fz={{ base: 34, sm: 44 }}>
          Caravanserai
        </Title>
        <Text fz={{ base: 'lg', sm: 'xl' }} fw={500}>
          A resting place for your AI conversations: keep every question and answer as a Logbook you own.
        </Text>
        <Text>
          On the old Silk Road a caravanserai was the inn where travellers unloaded, traded and wrote down
          what they had learned before moving on. Here your journeys are conversations with AI models. Each
          one is kept as a Logbook, a plain document in one format whatever the provider, which you can
          annotate, share, freeze and export. Your questions go through your own AI accounts, called Wells, so
          you choose the model and keep the key.
        </Text>
        <Group gap="sm">
          <StartButtons
            start={{ label: 'New Journey', href: paths.logbooks.create.href() }}
            load={{ label: 'Load Journey', href: paths.logbooks.list.href() }}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Start a Logbook from scratch, or pick up one you already have.
        </Text>
        <Group gap="md" component="nav" aria-label="Start here">
          <Anchor component={Link} to={paths.shell.href()}>
            Open the Shell
          </Anchor>
          <Anchor component={Link} to={paths.wells.home.href()}>
            Connect a Well
          </Anchor>
          <Anchor component={Link} to={paths.examples.href()}>
            Browse the examples
          </Anchor>
        </Group>
      </Stack>
      <img
        src={LOGO.src}
        width={LOGO.size}
        height={LOGO.size}
        alt="Caravanserai logo: a camel caravan passing a walled caravanserai at sunrise"
        style={{ flexShrink: 0, maxWidth: '100%', height: 'auto' }}
      />
    </Flex>
  );
}
