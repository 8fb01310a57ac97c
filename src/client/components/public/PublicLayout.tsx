import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { ThemeToggle } from '../ThemeToggle';
import { InviteButton } from './InviteButton';
import { Logo } from './Logo';
import { SiteFooter } from './SiteFooter';
import classes from './PublicLayout.module.css';

const NAV = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {NAV.map((item) =>
        'to' in item ? (
          <Anchor
            key={item.label}
            component={Link}
            to={item.to}
            className={classes.link}
            onClick={onNavigate}
          >
            {item.label}
          </Anchor>
        ) : (
          <Anchor key={item.label} href={item.href} className={classes.link} onClick={onNavigate}>
            {item.label}
          </Anchor>
        ),
      )}
    </>
  );
}

/** Header, page and footer of the public site. */
export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box className={classes.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Polyglot home">
              <Logo />
            </Anchor>
            <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
              <NavLinks />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <ThemeToggle />
              <Button component={Link} to="/admin" variant="default" visibleFrom="sm">
                Dashboard
              </Button>
              <InviteButton visibleFrom="md" />
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open menu" size="sm" />
            </Group>
          </Group>
        </Container>
      </Box>
      <Drawer opened={opened} onClose={close} title="Menu" position="right" size="18rem" hiddenFrom="sm">
        <Stack component="nav" aria-label="Mobile" gap="md">
          <NavLinks onNavigate={close} />
          <Button component={Link} to="/admin" variant="default" onClick={close}>
            Dashboard
          </Button>
          <InviteButton />
        </Stack>
      </Drawer>
      <Box component="main" id="main" className={classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
