import { Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CardListSkeleton, EmptyState, errorMessage, PageHeader } from '../../components/admin';
import { OptOutsCard } from './OptOutsCard';
import { SettingsForm } from './SettingsForm';
import { GlossaryCard } from '../glossary/GlossaryCard';
import { StyleCard } from '../translation-style/StyleCard';
import { ProviderKeyCard } from '../provider-keys/ProviderKeyCard';
import { useGuildId } from '../../lib/guild';
import { trpc } from '../../trpc';

/** Translation Settings (spec section 2): every control saves its own field at once. */
export default function TranslationPage() {
  const guildId = useGuildId();
  const settings = trpc.translation.getSettings.useQuery({ guildId });
  return (
    <Stack gap="lg">
      <PageHeader
        title="Translation Settings"
        description="Configure how the bot translates messages. Changes are saved as you make them."
      />
      {settings.isPending ? (
        <CardListSkeleton count={3} height={150} />
      ) : settings.isError ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          title="Could not load the settings"
          description={errorMessage(settings.error)}
        />
      ) : (
        <>
          <SettingsForm guildId={guildId} settings={settings.data} />
          <GlossaryCard guildId={guildId} />
          <StyleCard guildId={guildId} />
          <ProviderKeyCard />
          <OptOutsCard guildId={guildId} />
        </>
      )}
    </Stack>
  );
}
