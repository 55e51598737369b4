import { Anchor, AppShell, Burger, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { Footer } from './footer';
import { NAV_ITEMS } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { UserLinks } from './user-links';

function isActive(pathname: string, href: string): boolean {
  return href === '/'
    ? pathname === '/'
    : pathname.toLowerCase().startsWith(href.toLowerCase().replace(/\/$/, ''));
}

/** The shared layout: top navigation, theme toggle and user links, the page, the footer. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'lg', collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="main-navigation"
            />
            <UnstyledButton component={Link} to={paths.home.href()} aria-label="Caravanserai home">
              <Text fw={700} ff="heading" fz="xl">
                Caravanserai
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main" wrap="nowrap">
            {NAV_ITEMS.map((item) => (
              <Anchor
                key={item.href}
                component={Link}
                to={item.href}
                px="xs"
                py={4}
                fw={isActive(pathname, item.href) ? 700 : 500}
                c={isActive(pathname, item.href) ? undefined : 'var(--mantine-color-text)'}
                underline="hover"
                aria-current={isActive(pathname, item.href) ? 'page' : undefined}
              >
                {item.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ThemeToggle />
            <Group visibleFrom="sm">
              <UserLinks />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>

      {/* Closed, the drawer only slides off screen: inert keeps its links out of the Tab order. */}
      <AppShell.Navbar p="md" aria-label="Main navigation" id="main-navigation" inert={!opened}>
        <Stack gap={2}>
          {NAV_ITEMS.map((item) => (
            <NavLink
              key={item.href}
              component={Link}
              to={item.href}
              label={item.label}
              active={isActive(pathname, item.href)}
              onClick={close}
            />
          ))}
          <Group mt="md" hiddenFrom="sm">
            <UserLinks onNavigate={close} />
          </Group>
        </Stack>
      </AppShell.Navbar>

      {/* A plain box, so the page's <main> and the <footer> are sibling landmarks. */}
      <AppShell.Main component="div" style={{ display: 'flex', flexDirection: 'column' }}>
        <main style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <footer>
          <Footer />
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
