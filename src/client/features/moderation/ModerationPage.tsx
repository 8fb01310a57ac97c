import { SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CardListSkeleton, EmptyState, errorMessage, PageHeader } from '../../components/admin';
import { CasesCard } from '../cases/CasesCard';
import { LogFeed } from './LogFeed';
import { RulesForm } from './RulesForm';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

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
    </Stack>
  );
}
