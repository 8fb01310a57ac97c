import '../../styles/app';
import { Button, Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { InviteButton } from './InviteButton';
import { NavLinks } from './NavLinks';

/** The public header's menu below 768 px (loaded on first open: it keeps Drawer out of the landing bundle). */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="right" size="18rem">
      <Stack component="nav" aria-label="Mobile" gap="md">
        <NavLinks onNavigate={onClose} />
        <Button component={Link} to="/admin" variant="default" onClick={onClose}>
          Dashboard
        </Button>
        <InviteButton />
      </Stack>
    </Drawer>
  );
}
