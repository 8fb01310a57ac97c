import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TICKET_AUTO_CLOSE_MAX_DAYS } from '../../../common/tickets/schemas';
import { errorMessage, fieldErrors } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * Auto-close: a ticket without activity for N days is warned in its thread (in the member's
 * language), then closed with the reason "closed after N days without activity". Off by default.
 */
export function AutoCloseCard() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const settings = trpc.tickets.settings.useQuery({ guildId });
  const [on, setOn] = useState(false);
  const [days, setDays] = useState<number | string>(7);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!settings.data) return;
    setOn(settings.data.autoCloseDays !== null);
    setDays(settings.data.autoCloseDays ?? 7);
  }, [settings.data]);
  const save = trpc.tickets.updateSettings.useMutation({
    onSuccess: (saved) => {
      setError(undefined);
      notifySuccess(
        'Auto-close saved',
        saved.autoCloseDays === null
          ? 'Tickets stay open until someone closes them.'
          : `Tickets quiet for ${saved.autoCloseDays} days are warned, then closed.`,
      );
      void utils.tickets.settings.invalidate();
    },
    onError: (err) => {
      setError(fieldErrors(err).autoCloseDays ?? errorMessage(err));
      notifyError('Failed to save auto-close', errorMessage(err));
    },
  });
  // An empty field is not sent (JSON would turn it into null: off); the server checks the range.
  const empty = on && typeof days !== 'number';
  const wanted = on && typeof days === 'number' ? days : null;
  const saved = settings.data?.autoCloseDays ?? null;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Auto-close inactive tickets
          </Title>
          <Text size="sm" c="dimmed">
            A ticket nobody has written in for this many days gets a warning in its thread, in the member's
            language, 24 hours before it closes (half the time for one day); any reply cancels it. Then it
            closes as "closed after N days without activity", with the transcript and the rating question.
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Switch
            label="Close inactive tickets"
            checked={on}
            onChange={(e) => setOn(e.currentTarget.checked)}
            mb={8}
          />
          <NumberInput
            label="Days without activity"
            min={1}
            max={TICKET_AUTO_CLOSE_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={days}
            onChange={setDays}
            disabled={!on}
            error={empty ? 'Enter a number of days' : error}
            w={{ base: '100%', sm: 200 }}
          />
          <Button
            // Its own name: the card above has a Save of its own (screen readers list both).
            aria-label="Save auto-close"
            loading={save.isPending}
            disabled={settings.isLoading || empty || wanted === saved}
            onClick={() => save.mutate({ guildId, autoCloseDays: wanted })}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
