import {
  ActionIcon,
  AppShell,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Text,
  Tooltip,
} from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebar, IconLogout } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../lib/notify';
import { MOBILE_QUERY } from '../../lib/phone';
import { readSidebarCookie, writeSidebarCookie } from '../../lib/sidebar';
import { trpc } from '../../trpc';
import { ThemeToggle } from '../ThemeToggle';
import { BotStatus } from './BotStatus';
import { GuildPicker } from './GuildPicker';
import { NoServer } from './NoServer';
import { activePage } from './nav';
import { Sidebar } from './Sidebar';

/** Spec section 9: 16 rem open, 3 rem collapsed, 18 rem sheet on mobile (below MOBILE_QUERY's 768 px). */
const HEADER_HEIGHT = 56;

/** The frame of every admin screen: sidebar, header (toggle, guild picker, theme, logout), content. */
export function AdminShell() {
  // A Discord login that manages no server with the bot sees the "no server" page instead of a screen.
  const me = trpc.auth.me.useQuery();
  const servers = trpc.guilds.list.useQuery({});
  const noServer = Boolean(me.data?.user) && servers.isSuccess && !servers.data.some((g) => g.botPresent);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState(readSidebarCookie);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { pathname } = useLocation();
  const current = activePage(pathname);

  const toggle = useCallback(() => {
    if (isMobile) {
      setSheetOpen((o) => !o);
      return;
    }
    setExpanded((e) => {
      writeSidebarCookie(!e);
      return !e;
    });
  }, [isMobile]);

  // Ctrl/Cmd+B toggles (spec section 9); not while typing in a field, where the keys stay with the field.
  useHotkeys([['mod+B', toggle]], []);

  // Leaving mobile width closes the sheet; following a link closes it too.
  useEffect(() => {
    if (!isMobile) setSheetOpen(false);
  }, [isMobile]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the sheet whenever the path changes
  useEffect(() => setSheetOpen(false), [pathname]);

  const toggleLabel = isMobile
    ? sheetOpen
      ? 'Close sidebar'
      : 'Open sidebar'
    : expanded
      ? 'Collapse sidebar'
      : 'Expand sidebar';

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: expanded ? '16rem' : '3rem',
        breakpoint: 'sm',
        collapsed: { mobile: true, desktop: false },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
      transitionDuration={150}
    >
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group
          h="100%"
          // Tighter on a phone: the room goes to the server's name.
          px={isMobile ? 8 : 'sm'}
          justify="space-between"
          wrap="nowrap"
          gap={isMobile ? 6 : 'xs'}
        >
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={`${toggleLabel} (Ctrl+B)`} openDelay={700}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={toggle}
                aria-label={toggleLabel}
                aria-expanded={isMobile ? sheetOpen : expanded}
                data-testid="sidebar-toggle"
              >
                <IconLayoutSidebar size={20} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
            {current && (
              <Text fw={600} size="sm" visibleFrom="sm" truncate>
                {current.label}
              </Text>
            )}
          </Group>
          {/* On a phone Log out sits in the sheet: the server picker takes its room to show the name. */}
          <Group gap={isMobile ? 6 : 'xs'} wrap="nowrap" justify="flex-end" flex={1} miw={0}>
            <BotStatus />
            <GuildPicker />
            <ThemeToggle />
            {!isMobile && <LogoutButton />}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar data-testid="sidebar" data-state={expanded ? 'expanded' : 'collapsed'}>
        {!isMobile && <Sidebar collapsed={!expanded} />}
      </AppShell.Navbar>

      <Drawer
        opened={isMobile && sheetOpen}
        onClose={() => setSheetOpen(false)}
        size="18rem"
        padding={0}
        withCloseButton={false}
        // Names the dialog (aria-labelledby); the sidebar shows its own title, so this header is hidden.
        title="Navigation menu"
        data-testid="sidebar-sheet"
        styles={{ header: { display: 'none' }, body: { height: '100%' } }}
      >
        <Sidebar collapsed={false} onNavigate={() => setSheetOpen(false)} extra={<LogoutButton wide />} />
      </Drawer>

      <AppShell.Main id="admin-main">
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Box maw={1400} mx="auto">
            {noServer ? <NoServer /> : <Outlet />}
          </Box>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

/** Log out: an icon in the header, a labelled button (`wide`) in the phone sheet. */
function LogoutButton({ wide = false }: { wide?: boolean }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      // The session is gone now: say so before leaving, or /login would read the cached "logged in"
      // and send the admin straight back while the refetch is still on its way.
      utils.auth.me.setData(undefined, (old) =>
        old ? { ...old, authenticated: false, operator: false, user: null } : old,
      );
      void utils.invalidate();
      await navigate({ to: '/login' });
    },
    onError: (err) => notifyError('Error', err.message || 'Could not log out. Please try again.'),
  });
  if (wide)
    return (
      <Button
        variant="default"
        leftSection={<IconLogout size={16} stroke={1.6} />}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
        fullWidth
      >
        Log out
      </Button>
    );
  return (
    <Tooltip label="Log out" openDelay={700}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Log out"
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        <IconLogout size={18} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
