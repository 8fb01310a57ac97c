import {
  IconBook,
  IconChartBar,
  IconChartLine,
  IconHandClick,
  IconHeadset,
  IconLanguage,
  IconLayoutDashboard,
  IconLink,
  IconMail,
  IconMicrophone,
  IconPlugConnected,
  IconSettings,
  IconShieldCheck,
  IconSpeakerphone,
  type TablerIcon,
} from '@tabler/icons-react';

export type AdminPath =
  | '/admin'
  | '/admin/translation'
  | '/admin/channels'
  | '/admin/announcements'
  | '/admin/tickets'
  | '/admin/polls'
  | '/admin/welcome'
  | '/admin/moderation'
  | '/admin/language-learning'
  | '/admin/voice-translation'
  | '/admin/integrations'
  | '/admin/analytics'
  | '/admin/settings'
  | '/admin/inbox';

export interface AdminPage {
  label: string;
  /** The path the sidebar links to. */
  to: AdminPath;
  icon: TablerIcon;
}

/** Spec section 2's table (12 admin screens) and Integrations (issue 27), in sidebar order. */
export const adminPages: AdminPage[] = [
  {
    label: 'Dashboard',
    to: '/admin',
    icon: IconLayoutDashboard,
  },
  {
    label: 'Translation',
    to: '/admin/translation',
    icon: IconLanguage,
  },
  {
    label: 'Channels',
    to: '/admin/channels',
    icon: IconLink,
  },
  {
    label: 'Announcements',
    to: '/admin/announcements',
    icon: IconSpeakerphone,
  },
  {
    label: 'Support Tickets',
    to: '/admin/tickets',
    icon: IconHeadset,
  },
  {
    label: 'Polls',
    to: '/admin/polls',
    icon: IconChartBar,
  },
  {
    label: 'Welcome & Roles',
    to: '/admin/welcome',
    icon: IconHandClick,
  },
  {
    label: 'Moderation',
    to: '/admin/moderation',
    icon: IconShieldCheck,
  },
  {
    label: 'Language Learning',
    to: '/admin/language-learning',
    icon: IconBook,
  },
  {
    label: 'Voice Translation',
    to: '/admin/voice-translation',
    icon: IconMicrophone,
  },
  {
    label: 'Integrations',
    to: '/admin/integrations',
    icon: IconPlugConnected,
  },
  {
    label: 'Analytics',
    to: '/admin/analytics',
    icon: IconChartLine,
  },
  {
    label: 'Settings',
    to: '/admin/settings',
    icon: IconSettings,
  },
];

/** Pages for the operator of the installation only (not server admins): shown when contact.access says so. */
export const operatorPages: AdminPage[] = [{ label: 'Inbox', to: '/admin/inbox', icon: IconMail }];

/** The page whose route matches a pathname (/admin and /admin/dashboard are the Dashboard). */
export function activePage(pathname: string): AdminPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path === '/admin/dashboard') return adminPages[0];
  return [...adminPages, ...operatorPages].find(
    (p) => p.to !== '/admin' && (path === p.to || path.startsWith(`${p.to}/`)),
  );
}
