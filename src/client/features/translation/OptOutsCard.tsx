import { Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { IconEyeOff, IconLanguageOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../components/admin/errorMessage';
import { trpc } from '../../trpc';

function Figure({
  icon,
  count,
  label,
  detail,
  testId,
}: {
  icon: ReactNode;
  count: number;
  label: string;
  detail: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Group gap="xs" wrap="nowrap" align="center">
        {icon}
        <Text fz={28} fw={700} lh={1}>
          {count.toLocaleString()}
        </Text>
      </Group>
      <Text size="sm" fw={500} mt={6}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </div>
  );
}

/**
 * Members' own choices on this server (issue 28), counts only: who keeps their messages out of
 * translation (/translate-me off) and who hides someone's translations for themselves
 * (/hide-translations-of). Names are never shown: each is a member's personal choice.
 */
export function OptOutsCard({ guildId }: { guildId: string | undefined }) {
  const counts = trpc.translation.optOutCounts.useQuery({ guildId });
  const data = counts.data;
  const none = data && data.notTranslated === 0 && data.hidingSomeone === 0;
  return (
    <Card withBorder radius="md" padding="lg" px={{ base: 'md', sm: 'lg' }} data-testid="opt-outs">
      <Title order={2} size="h4">
        Members' own choices
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Members decide these for themselves with the bot's commands. You see how many, never who: it is each
        member's own business, and a member can change it at any time.
      </Text>
      {counts.isPending ? (
        <Loader size="sm" aria-label="Loading the counts" />
      ) : counts.isError ? (
        <Text size="sm" c="red" role="alert">
          Could not load the counts: {errorMessage(counts.error)}
        </Text>
      ) : none ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="opt-outs-none">
          No member has opted out: everyone's messages are translated, and nobody hides anyone's translations.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Figure
            testId="opt-outs-not-translated"
            icon={<IconLanguageOff size={22} aria-hidden />}
            count={data?.notTranslated ?? 0}
            label={
              data?.notTranslated === 1
                ? 'member keeps their messages out of translation'
                : 'members keep their messages out of translation'
            }
            detail="/translate-me off: their messages are not sent to the translation provider. /translate-me on undoes it."
          />
          <Figure
            testId="opt-outs-hiding"
            icon={<IconEyeOff size={22} aria-hidden />}
            count={data?.hidingSomeone ?? 0}
            label={
              data?.hidingSomeone === 1
                ? "member hides someone's translations"
                : "members hide someone's translations"
            }
            detail="/hide-translations-of: for themselves only; Translate Message skips that person's messages for them."
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
