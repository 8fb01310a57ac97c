import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The "← Back to home" link at the top of the public pages that are not the landing. */
export function BackHomeLink() {
  return (
    <Anchor component={Link} to="/" size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to home
      </Group>
    </Anchor>
  );
}
