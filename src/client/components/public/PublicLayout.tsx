import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { ThemeToggle } from '../ThemeToggle';
import { InviteButton } from './InviteButton';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import classes from './PublicLayout.module.css';
import { SiteFooter } from './SiteFooter';

const MobileMenu = lazy(() => import('./MobileMenu'));

/** Header, page and footer of the public site. */
export function PublicLayout() {
  const [opened, setOpened] = useState(false);
  // The menu is mounted once first opened, then stays (so it can animate closed).
  const [menuLoaded, setMenuLoaded] = useState(false);
  const toggle = () => {
    setMenuLoaded(true);
    setOpened((o) => !o);
  };
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
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                aria-label={opened ? 'Close menu' : 'Open menu'}
                aria-expanded={opened}
                size="sm"
              />
            </Group>
          </Group>
        </Container>
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
      <Box component="main" id="main" className={classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
