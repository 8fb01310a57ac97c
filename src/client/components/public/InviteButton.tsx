import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandDiscord } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSiteConfig } from '../../lib/site';

// The explanation (a Popover) loads on the first click: the landing page's first load stays small.
const InviteUnavailable = lazy(() => import('./InviteUnavailable'));

interface Props extends ButtonProps {
  label?: string;
  /** Show the Discord logo before the label (default true). */
  withIcon?: boolean;
}

/**
 * "Add to Discord": opens the bot's invite link in a new tab. When this installation has no
 * Discord application yet, the same button explains that in plain words and points whoever runs
 * it to the setup guide, instead of looking broken.
 */
export function InviteButton({ label = 'Add to Discord', withIcon = true, ...props }: Props) {
  const { inviteUrl, loading } = useSiteConfig();
  const [unavailable, setUnavailable] = useState(false);
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
  if (unavailable) {
    return (
      <Suspense
        fallback={
          <Button leftSection={icon} {...props}>
            {label}
          </Button>
        }
      >
        <InviteUnavailable label={label} icon={icon} {...props} />
      </Suspense>
    );
  }
  return (
    <Button leftSection={icon} data-invite="unavailable" onClick={() => setUnavailable(true)} {...props}>
      {label}
    </Button>
  );
}
