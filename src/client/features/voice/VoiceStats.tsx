import { SimpleGrid } from '@mantine/core';
import { IconClock, IconHistory, IconMicrophone, IconTextSize } from '@tabler/icons-react';
import { StatCard } from '../../components/admin';
import { formatDuration } from '../../lib/duration';
import { sessionTotals } from './format';
import type { VoiceSession } from './types';

/** Active Sessions, Total Sessions, Total Duration (with the average) and Characters Processed. */
export function VoiceStats({
  sessions,
  active,
  botOnline,
}: {
  sessions: VoiceSession[];
  active: VoiceSession[];
  /** While the bot is offline nothing is being translated, whatever the sessions say. */
  botOnline: boolean;
}) {
  const totals = sessionTotals(sessions);
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        title="Active Sessions"
        value={active.length}
        icon={<IconMicrophone size={18} />}
        description={
          botOnline || active.length === 0 ? 'Translating right now' : 'Bot offline: not translating'
        }
      />
      <StatCard
        title="Total Sessions"
        value={sessions.length}
        icon={<IconHistory size={18} />}
        description="All time"
      />
      <StatCard
        title="Total Duration"
        value={formatDuration(totals.seconds)}
        icon={<IconClock size={18} />}
        description={`Average ${formatDuration(totals.averageSeconds)} per session`}
      />
      <StatCard
        title="Characters Processed"
        value={totals.characters.toLocaleString()}
        icon={<IconTextSize size={18} />}
        description="Transcribed and translated"
      />
    </SimpleGrid>
  );
}
