import { SimpleGrid } from '@mantine/core';
import { IconCircleCheck, IconLanguage, IconNews, IconPencil } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import type { Announcement } from './types';

/** Total, posted, drafts and the number of languages reached by posted announcements. */
export function AnnouncementStats({ items }: { items: Announcement[] }) {
  const posted = items.filter((a) => a.status === 'posted');
  const drafts = items.filter((a) => a.status === 'draft' && !a.postRequestedAt).length;
  const queued = items.filter((a) => a.status !== 'posted' && a.postRequestedAt).length;
  const reached = new Set<string>();
  for (const a of posted) {
    reached.add(a.originalLanguage);
    for (const t of a.targetChannels) reached.add(t.language);
  }
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        title="Total Announcements"
        value={items.length}
        icon={<IconNews size={18} />}
        description="Written in this server"
      />
      <StatCard
        title="Posted"
        value={posted.length}
        icon={<IconCircleCheck size={18} />}
        description="Delivered to channels"
      />
      <StatCard
        title="Drafts"
        value={drafts}
        icon={<IconPencil size={18} />}
        description={queued ? `Waiting for Post Now · ${queued} queued for the bot` : 'Waiting for Post Now'}
      />
      <StatCard
        title="Languages Reached"
        value={reached.size}
        icon={<IconLanguage size={18} />}
        description="Across posted announcements"
      />
    </SimpleGrid>
  );
}
