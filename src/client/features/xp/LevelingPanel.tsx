import {
  ActionIcon,
  Button,
  Card,
  ColorSwatch,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  BotPermissionsAlert,
  errorMessage,
  fieldErrors,
  MemberName,
  savedOptionLabel,
} from '../../components/admin';
import { ChannelPicker } from '../../components/admin/ChannelPicker';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { keyboardPick } from '../../components/admin/keyboard-pick';

type Reward = { level: number; roleId: string };
type Settings = {
  levelUpChannelId: string;
  ignoredChannels: string[];
  roleRewards: Reward[];
  enabled: boolean;
};
/** A reward row of the form, with a stable key for React. */
type RewardRow = Reward & { key: number };
let nextKey = 1;

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** Leveling settings (level-up channel, ignored channels, role rewards) and the leaderboard. */
export function LevelingPanel({ guildId }: { guildId: string | undefined }) {
  const unlocked = useCapability('leveling');
  const settings = trpc.xp.settings.useQuery({ guildId }, { enabled: unlocked === true });
  const board = trpc.xp.leaderboard.useQuery({ guildId, limit: 10 }, { enabled: unlocked === true });
  if (unlocked === false)
    return (
      <Card withBorder radius="md" padding="lg">
        <LockedFeature
          capability="leveling"
          description="Members earn XP as they talk, level up with a message in their language, and win roles."
        />
      </Card>
    );
  return (
    <Stack gap="lg">
      {/* Role rewards are given by the bot: Manage Roles on its role. */}
      {settings.data && settings.data.roleRewards.length > 0 ? (
        <BotPermissionsAlert features={['roles']} channelIds={[]} />
      ) : null}
      {settings.data ? (
        <LevelingSettings key={JSON.stringify(settings.data)} guildId={guildId} initial={settings.data} />
      ) : null}
      <Card withBorder radius="md" padding="lg" aria-label="Leaderboard">
        <Title order={2} size="h4" mb="sm">
          Leaderboard
        </Title>
        {board.data && board.data.length > 0 ? (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Level</Table.Th>
                  <Table.Th>XP</Table.Th>
                  <Table.Th>Messages</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.data.map((r) => (
                  <Table.Tr key={r.userId}>
                    <Table.Td>{r.rank}</Table.Td>
                    <Table.Td>
                      <MemberName id={r.userId} name={r.username || null} size="sm" />
                    </Table.Td>
                    <Table.Td>{r.level}</Table.Td>
                    <Table.Td>{r.xp.toLocaleString()}</Table.Td>
                    <Table.Td>{r.messages.toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed" size="sm">
            {board.isPending
              ? 'Loading…'
              : 'Nobody has earned XP yet: members earn 15 to 25 XP a minute by talking.'}
          </Text>
        )}
      </Card>
    </Stack>
  );
}

function LevelingSettings({ guildId, initial }: { guildId: string | undefined; initial: Settings }) {
  const [form, setForm] = useState(() => ({
    ...initial,
    roleRewards: initial.roleRewards.map((r): RewardRow => ({ ...r, key: nextKey++ })),
  }));
  const channels = trpc.guilds.channels.useQuery({ guildId }, { staleTime: 60_000 });
  const roles = trpc.guilds.roles.useQuery({ guildId }, { staleTime: 60_000 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const save = trpc.xp.updateSettings.useMutation({
    onSuccess: () => {
      setErrors({});
      notifySuccess('Leveling settings saved');
    },
    onError: (err) => {
      setErrors(fieldErrors(err));
      notifyError('Could not save the leveling settings', errorMessage(err));
    },
    onSettled: () => utils.xp.settings.invalidate(),
  });
  const roleList = roles.data ?? [];
  const roleOptions = roleList
    .filter((r) => !r.managed)
    .map((r) => ({
      value: r.id,
      label: r.assignable ? r.name : `${r.name} (above my role)`,
      disabled: !r.assignable,
    }));
  // A reward's role no longer among them stays shown, to be replaced or removed.
  const rewardRoleOptions = (roleId: string) =>
    roleId && roles.isSuccess && !roleOptions.some((o) => o.value === roleId)
      ? [{ value: roleId, label: savedOptionLabel(roleId, roles, 'role'), disabled: false }, ...roleOptions]
      : roleOptions;
  const colorOf = (id: string) => roleList.find((r) => r.id === id)?.color ?? 0;
  const setReward = (i: number, patch: Partial<Reward>) =>
    setForm((f) => ({ ...f, roleRewards: f.roleRewards.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const nextLevel = Math.max(0, ...form.roleRewards.map((r) => r.level)) + 5;
  // Only what changed is sent: a saved channel or role deleted in Discord since (the server
  // refuses it) blocks no other change, and shows below as not found, to be removed.
  const rewards = form.roleRewards.map(({ level, roleId }) => ({ level, roleId }));
  const patch: Partial<Omit<Settings, 'enabled'>> = {};
  if (form.levelUpChannelId !== initial.levelUpChannelId) patch.levelUpChannelId = form.levelUpChannelId;
  if (JSON.stringify(form.ignoredChannels) !== JSON.stringify(initial.ignoredChannels))
    patch.ignoredChannels = form.ignoredChannels;
  if (JSON.stringify(rewards) !== JSON.stringify(initial.roleRewards)) patch.roleRewards = rewards;
  const channelData = (channels.data ?? []).map((c) => ({ value: c.id, label: `#${c.name}` }));
  for (const id of form.ignoredChannels)
    if (channels.isSuccess && !channelData.some((c) => c.value === id))
      channelData.push({ value: id, label: savedOptionLabel(id, channels, 'channel') });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Leveling">
      <Title order={2} size="h4">
        Leveling
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {initial.enabled
          ? 'Members earn 15 to 25 XP for a message, once a minute. Level-ups are announced in each member’s language.'
          : 'Leveling is switched off above: members earn no XP until it is on.'}
      </Text>
      <Stack gap="md">
        <ChannelPicker
          label="Level-up messages"
          description="Leave empty to announce in the channel where the member leveled up"
          placeholder="Same channel as the message"
          value={form.levelUpChannelId}
          error={errors.levelUpChannelId}
          onChange={(levelUpChannelId) => setForm((f) => ({ ...f, levelUpChannelId }))}
        />
        <MultiSelect
          label="Channels that earn no XP"
          placeholder={form.ignoredChannels.length ? undefined : 'None'}
          searchable
          clearable
          data={channelData}
          value={form.ignoredChannels}
          error={Object.entries(errors).find(([k]) => k.startsWith('ignoredChannels'))?.[1]}
          onChange={(ignoredChannels) => setForm((f) => ({ ...f, ignoredChannels }))}
          comboboxProps={{ withinPortal: true }}
        />
        <div>
          <Text size="sm" fw={500}>
            Role rewards
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            A member reaching the level gets the role. Roles above the bot’s own cannot be given.
          </Text>
          <Stack gap="xs">
            {form.roleRewards.map((r, i) => (
              <Group key={r.key} gap="xs" wrap="nowrap" align="flex-end">
                <NumberInput
                  aria-label={`Level of reward ${i + 1}`}
                  min={1}
                  max={500}
                  w={90}
                  value={r.level}
                  onChange={(v) => setReward(i, { level: Number(v) || 1 })}
                />
                <Select
                  {...keyboardPick(r.roleId)}
                  aria-label={`Role of reward ${i + 1}`}
                  placeholder="Pick a role"
                  searchable
                  style={{ flex: 1, minWidth: 0 }}
                  data={rewardRoleOptions(r.roleId)}
                  value={r.roleId || null}
                  error={errors[`roleRewards.${i}.roleId`]}
                  onChange={(roleId) => setReward(i, { roleId: roleId ?? '' })}
                  leftSection={r.roleId ? <ColorSwatch color={hex(colorOf(r.roleId))} size={12} /> : null}
                  comboboxProps={{ withinPortal: true }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove reward ${i + 1}`}
                  onClick={() =>
                    setForm((f) => ({ ...f, roleRewards: f.roleRewards.filter((_, j) => j !== i) }))
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={roleOptions.every((o) => o.disabled)}
                onClick={() =>
                  setForm((f) => ({
                    ...f,
                    roleRewards: [...f.roleRewards, { level: nextLevel, roleId: '', key: nextKey++ }],
                  }))
                }
              >
                Add role reward
              </Button>
              {roleOptions.every((o) => o.disabled) ? (
                <Text size="xs" c="dimmed">
                  No role the bot can give yet: create one below the bot’s role in Discord.
                </Text>
              ) : null}
            </Group>
          </Stack>
        </div>
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            disabled={Object.keys(patch).length === 0 || form.roleRewards.some((r) => !r.roleId)}
            onClick={() => save.mutate({ guildId, ...patch })}
          >
            Save leveling
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
