import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Group,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation, useMatch } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { NewLogbookButton } from '../../features/logbooks/components/new-logbook-button';
import { useNewLogbook } from '../../features/logbooks/components/use-new-logbook';
import { HeaderSearch } from '../../features/search/components/header-search';
import { hasStoredToken } from '../../lib/auth-storage';
import { Footer } from './footer';
import { InvitesBadge } from './invites-badge';
import { LogbookShortcuts } from './logbook-shortcuts';
import { NAV_ITEMS } from './nav-items';
import { PanelToggle } from './panel-toggle';
import { ThemeToggle } from './theme-toggle';
import { UserLinks } from './user-links';

// Only signed-in people see it, so visitors never download it.
const RecentLogbooks = lazy(() =>
  import('../../features/logbooks/components/recent-logbooks').then((module) => ({
    default: module.RecentLogbooks,
  })),
);

const NAVBAR_ID = 'main-navigation';

function isActive(pathname: string, href: string): boolean {
  return href === '/'
    ? pathname === '/'
    : pathname.toLowerCase().startsWith(href.toLowerCase().replace(/\/$/, ''));
}

/**
 * The shared layout: top navigation, theme toggle and user links, the page, the footer. The
 * AppShell navbar is the phones' drawer (the navigation, then recent logbooks) and, on wide
 * screens, a collapsible side panel of recent logbooks that the page sits beside, never under.
 */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  // A stored token most likely still works: drawing the panel at once saves the page a sideways jump.
  const signedIn = user !== null || (isLoading && hasStoredToken());
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, undefined, {
    getInitialValueInEffect: false,
  });
  const [panelCollapsed, setPanelCollapsed] = useLocalStorage({
    key: 'sidePanelCollapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const panelShown = signedIn && !panelCollapsed;
  const navItems = NAV_ITEMS.filter(
    (item) => (signedIn || !item.signedIn) && (!item.admin || user?.is_admin === true),
  );
  const badgeFor = (href: string) => (href === paths.caravans.home.href() ? <InvitesBadge /> : null);
  const currentLogid = useMatch(paths.logbooks.detail.path)?.params.logid ?? null;
  const newLogbook = useNewLogbook();
  const startLogbook = () => {
    close();
    void newLogbook.start();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { desktop: !panelShown, mobile: !opened } }}
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
              aria-controls={NAVBAR_ID}
            />
            {signedIn && (
              <PanelToggle
                expanded={panelShown}
                controls={NAVBAR_ID}
                onToggle={() => setPanelCollapsed((collapsed) => !collapsed)}
              />
            )}
            <UnstyledButton component={Link} to={paths.home.href()} aria-label="Caravanserai home">
              <Text fw={700} ff="heading" fz="xl">
                Caravanserai
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main" wrap="nowrap">
            {navItems.map((item) => (
              <Anchor
                key={item.href}
                component={Link}
                to={item.href}
                // Narrower up to xl, and small type, so the panel toggle, New Logbook and the signed-in
                // Caravans link fit beside the others on one line from 1200 px up.
                px={{ base: 3, xl: 8 }}
                fz="sm"
                py={4}
                fw={isActive(pathname, item.href) ? 700 : 500}
                c={isActive(pathname, item.href) ? undefined : 'var(--mantine-color-text)'}
                underline="hover"
                aria-current={isActive(pathname, item.href) ? 'page' : undefined}
              >
                {item.label}
                {badgeFor(item.href)}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {user && <HeaderSearch />}
            {user && <NewLogbookButton onClick={startLogbook} creating={newLogbook.creating} />}
            <ThemeToggle />
            <Group visibleFrom="sm">
              <UserLinks />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>

      {/* Closed, the drawer only slides off screen: inert keeps its links out of the Tab order. */}
      <AppShell.Navbar
        p="md"
        aria-label={wide ? 'Recent logbooks' : 'Main navigation'}
        id={NAVBAR_ID}
        inert={wide ? !panelShown : !opened}
        style={{ overflowY: 'auto' }}
      >
        <Stack gap={2} hiddenFrom="lg">
          {navItems.map((item) => (
            <NavLink
              key={item.href}
              component={Link}
              to={item.href}
              label={
                <>
                  {item.label}
                  {badgeFor(item.href)}
                </>
              }
              active={isActive(pathname, item.href)}
              onClick={close}
            />
          ))}
          <Group mt="md" hiddenFrom="sm">
            <UserLinks onNavigate={close} />
          </Group>
        </Stack>
        {signedIn && (
          <Box
            mt={{ base: 'lg', lg: 0 }}
            mih={240}
            style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
          >
            <Suspense fallback={null}>
              <RecentLogbooks currentLogid={currentLogid} onNavigate={close} />
            </Suspense>
          </Box>
        )}
      </AppShell.Navbar>

      {user && <LogbookShortcuts onNewLogbook={startLogbook} />}

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
