import { SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  BotPermissionsAlert,
  CardListSkeleton,
  EmptyState,
  errorMessage,
  PageHeader,
} from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';
import { CasesCard } from '../cases/CasesCard';
import { EscalationsCard } from '../cases/EscalationsCard';
import { ExportCard } from '../exports/ExportCard';
import { LogFeed } from './LogFeed';
import { RulesForm } from './RulesForm';

/** Moderation (spec section 2): rule switches, banned words, log channel, feed of recent actions. */
export default function ModerationPage() {
  const guildId = useGuildId();
  const rules = trpc.moderation.getRules.useQuery({ guildId });
  return (
    <Stack gap="lg">
      <PageHeader
        title="Moderation"
        description="AI moderation that catches spam, scams and toxicity in every language."
      />
      <BotPermissionsAlert features={['moderation']} channelIds={[]} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {rules.isPending ? (
          <CardListSkeleton count={1} height={480} />
        ) : rules.isError ? (
          <EmptyState
            icon={<IconAlertTriangle size={28} />}
            title="Could not load the moderation rules"
            description={errorMessage(rules.error)}
          />
        ) : (
          <RulesForm key={guildId ?? ''} guildId={guildId} initial={rules.data} />
        )}
        <LogFeed guildId={guildId} />
      </SimpleGrid>
      <CasesCard guildId={guildId} />
      <EscalationsCard guildId={guildId} />
      <ExportCard datasets={['moderation', 'cases']} title="Export the moderation log or cases" />
    </Stack>
  );
}
