import '../../styles/app';
import { Anchor, Button, type ButtonProps, Popover, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { SETUP_GUIDE_URL } from '../../lib/site';

interface Props extends ButtonProps {
  label: string;
  icon: ReactNode;
}

/**
 * The "Add to Discord" button of an installation without a Discord application, with the popover
 * that explains it. Loaded on the first click (InviteButton), opened at once, and it keeps the
 * keyboard focus on the button it replaces.
 */
export default function InviteUnavailable({ label, icon, ...props }: Props) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => target.current?.focus(), []);
  return (
    <Popover width={300} position="bottom" withArrow shadow="md" defaultOpened>
      <Popover.Target>
        <Button ref={target} leftSection={icon} data-invite="unavailable" {...props}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Not open for new servers yet
          </Text>
          <Text size="sm">
            This installation has not been connected to Discord, so the bot cannot be added yet.
          </Text>
          <Text size="sm" c="dimmed">
            Running this installation?{' '}
            <Anchor href={SETUP_GUIDE_URL} target="_blank" inherit>
              Open the setup guide
            </Anchor>{' '}
            or the dashboard's setup checklist.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
