import { Anchor, Button, type ButtonProps, Popover, Stack, Text } from '@mantine/core';
import { IconBrandDiscord } from '@tabler/icons-react';
import { useSiteConfig } from '../../lib/site';

interface Props extends ButtonProps {
  label?: string;
  /** Show the Discord logo before the label (default true). */
  withIcon?: boolean;
}

/** Where the operator of an installation learns to connect it to Discord. */
export const SETUP_GUIDE_URL = '/setup';

/**
 * "Add to Discord": opens the bot's invite link in a new tab. When this installation has no
 * Discord application yet, the same button explains that in plain words and points whoever runs
 * it to the setup guide, instead of looking broken.
 */
export function InviteButton({ label = 'Add to Discord', withIcon = true, ...props }: Props) {
  const { inviteUrl, loading } = useSiteConfig();
  const icon = withIcon ? <IconBrandDiscord size={18} aria-hidden /> : undefined;
  if (inviteUrl) {
    return (
      <Button
        component="a"
        href={inviteUrl}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={icon}
        {...props}
      >
        {label}
      </Button>
    );
  }
  if (loading) {
    return (
      <Button leftSection={icon} disabled {...props}>
        {label}
      </Button>
    );
  }
  return (
    <Popover width={300} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <Button leftSection={icon} data-invite="unavailable" {...props}>
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
