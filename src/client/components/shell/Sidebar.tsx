import { Box, Group, ScrollArea, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconLanguage, IconSparkles } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import { type AdminPage, activePage, adminPages, operatorPages } from './nav';
import classes from './Sidebar.module.css';

interface Props {
  /** Icons only (the desktop sidebar collapsed to 3 rem). */
  collapsed: boolean;
  /** Called after a link is followed (closes the mobile sheet). */
  onNavigate?: () => void;
  /** Shown above the footer (the phone sheet's Log out). */
  extra?: ReactNode;
}

/** The sidebar's content: title, the Navigation group of the 12 screens, the footer. */
export function Sidebar({ collapsed, onNavigate, extra }: Props) {
  const { pathname } = useLocation();
  const guildId = useGuildId();
  const active = activePage(pathname);
  // The operator's own pages (the contact inbox) appear only for the operator.
  const access = trpc.contact.access.useQuery(undefined, { staleTime: 60_000 });
  const item = (page: AdminPage) => {
    const isActive = page === active;
    const Icon = page.icon;
    const link = (
      <Link
        to={page.to}
        search={{ guildId }}
        activeOptions={{ exact: true, includeSearch: false }}
        className={classes.item}
        data-active={isActive || undefined}
        aria-current={isActive ? 'page' : undefined}
        aria-label={collapsed ? page.label : undefined}
        onClick={onNavigate}
      >
        <Icon size={18} stroke={1.7} className={classes.icon} aria-hidden />
        {!collapsed && <span className={classes.label}>{page.label}</span>}
      </Link>
    );
    return (
      <li key={page.to}>
        {collapsed ? (
          <Tooltip label={page.label} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </li>
    );
  };

  return (
    <Stack gap={0} h="100%" className={classes.sidebar} data-collapsed={collapsed || undefined}>
      <Group gap="xs" wrap="nowrap" className={classes.title}>
        <ThemeIcon
          size={30}
          radius="md"
          variant="gradient"
          gradient={{ from: 'blurple.6', to: 'violet.5' }}
          aria-hidden
        >
          <IconLanguage size={18} />
        </ThemeIcon>
        {!collapsed && (
          <Text fw={700} size="md" truncate>
            Bot Dashboard
          </Text>
        )}
      </Group>

      <ScrollArea flex={1} scrollbarSize={6} scrollHideDelay={600} type="hover">
        <Box component="nav" aria-label="Navigation" py="xs">
          <Text
            className={classes.groupLabel}
            aria-hidden={collapsed || undefined}
            data-hidden={collapsed || undefined}
          >
            Navigation
          </Text>
          {/* Spec section 9: tooltips open after 700 ms; moving between items skips the delay. */}
          <Tooltip.Group openDelay={700} closeDelay={300}>
            <Stack gap={2} component="ul" className={classes.list}>
              {adminPages.map(item)}
            </Stack>
          </Tooltip.Group>
        </Box>
        {access.data?.operator && (
          <Box component="nav" aria-label="Operator" pb="xs">
            <Text
              className={classes.groupLabel}
              aria-hidden={collapsed || undefined}
              data-hidden={collapsed || undefined}
            >
              Operator
            </Text>
            <Tooltip.Group openDelay={700} closeDelay={300}>
              <Stack gap={2} component="ul" className={classes.list}>
                {operatorPages.map(item)}
              </Stack>
            </Tooltip.Group>
          </Box>
        )}
      </ScrollArea>

      {extra && (
        <Box px="sm" pb="sm">
          {extra}
        </Box>
      )}
      <Group gap="xs" wrap="nowrap" className={classes.footer}>
        {collapsed ? (
          <Tooltip label="AI-Powered Translation" position="right" openDelay={700}>
            <IconSparkles size={18} aria-label="AI-Powered Translation" />
          </Tooltip>
        ) : (
          <>
            <IconSparkles size={16} aria-hidden />
            <Text size="xs" c="dimmed">
              AI-Powered Translation
            </Text>
          </>
        )}
      </Group>
    </Stack>
  );
}
