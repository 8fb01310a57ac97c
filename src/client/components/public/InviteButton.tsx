import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandDiscord } from '@tabler/icons-react';
import { useSiteConfig } from '../../lib/site';

interface Props extends ButtonProps {
  label?: string;
  /** Show the Discord logo before the label (default true). */
  withIcon?: boolean;
}

/**
 * "Add to Discord": opens the bot's invite link in a new tab. Without DISCORD_CLIENT_ID on the
 * server there is no link, and the button says so instead of linking nowhere.
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
    <Button
      leftSection={icon}
      disabled
      title="The server has no DISCORD_CLIENT_ID set, so there is no invite link yet"
      {...props}
    >
      Bot not configured
    </Button>
  );
}
