import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './PublicLayout.module.css';

const NAV = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
] as const;

/** The public site's main links (header and mobile menu). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
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
