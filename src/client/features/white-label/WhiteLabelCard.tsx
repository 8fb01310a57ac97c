import {
  Alert,
  Badge,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrush } from '@tabler/icons-react';
import { useState } from 'react';
import {
  AVATAR_MAX_BYTES,
  BANNER_MAX_BYTES,
  BIO_MAX,
  FOOTER_MAX,
  NICKNAME_MAX,
  type WhiteLabelView,
} from '../../../common/white-label/schemas';
import { errorMessage } from '../../components/admin';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';
import { WhiteLabelPreview } from './WhiteLabelPreview';

type Values = Omit<WhiteLabelView, 'state' | 'applyError'>;

const STATE: Record<WhiteLabelView['state'], { label: string; color: string }> = {
  default: { label: 'Default look', color: 'gray' },
  pending: { label: 'Sending to Discord…', color: 'yellow' },
  applied: { label: 'Applied in Discord', color: 'teal' },
  failed: { label: 'Discord refused it', color: 'red' },
};

const readImage = (file: File, max: number): Promise<string> =>
  new Promise((resolve, reject) => {
    if (file.size > max) return reject(new Error(`The image must be at most ${max / 1024} KB`));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });

/** White-label (Ultimate): how the bot looks in this server, with a live preview; reset to default. */
export function WhiteLabelCard() {
  const unlocked = useCapability('whiteLabel');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="white-label">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrush size={18} aria-hidden />
          <Title order={2} size="h4">
            White-label
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          The bot's name, picture, banner and bio in this server, and the colour and footer of what it posts.
        </Text>
        {unlocked === false ? (
          <LockedFeature capability="whiteLabel" />
        ) : unlocked ? (
          <WhiteLabelForm />
        ) : null}
      </Stack>
    </Card>
  );
}

function WhiteLabelForm() {
  const guildId = useGuildId();
  const utils = trpc.useUtils();
  const saved = trpc.whiteLabel.get.useQuery(
    { guildId },
    { refetchInterval: (q) => (q.state.data?.state === 'pending' ? 1000 : false) },
  );
  const [draft, setDraft] = useState<Values | null>(null);
  const values: Values | null = draft ?? saved.data ?? null;
  const done = (title: string) => ({
    onSuccess: () => {
      notifySuccess(title);
      setDraft(null);
      void utils.whiteLabel.get.invalidate({ guildId });
    },
    onError: (err: unknown) => notifyError('Could not save the white-label', errorMessage(err)),
  });
  const save = trpc.whiteLabel.save.useMutation(done('White-label saved'));
  const reset = trpc.whiteLabel.reset.useMutation(done('Back to the default look'));
  if (saved.error) return <Alert color="red">{errorMessage(saved.error)}</Alert>;
  if (!values || !saved.data) return null;
  const set = (change: Partial<Values>) => setDraft({ ...values, ...change });
  const image = (key: 'avatar' | 'banner', max: number) => (file: File | null) => {
    if (file)
      readImage(file, max).then(
        (uri) => set({ [key]: uri }),
        (err: Error) => notifyError('Image not used', err.message),
      );
  };
  const state = STATE[saved.data.state];
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={state.color} variant="light">
          {state.label}
        </Badge>
        {saved.data.applyError && (
          <Text size="sm" c="red">
            {saved.data.applyError}
          </Text>
        )}
      </Group>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 280px' }}>
          <TextInput
            label="Nickname"
            placeholder="The bot's own name"
            maxLength={NICKNAME_MAX}
            value={values.nickname ?? ''}
            onChange={(e) => set({ nickname: e.currentTarget.value || null })}
          />
          <Textarea
            label="Bio"
            placeholder="A few words members see on its profile"
            maxLength={BIO_MAX}
            autosize
            minRows={2}
            value={values.bio ?? ''}
            onChange={(e) => set({ bio: e.currentTarget.value || null })}
          />
          <Group gap="xs">
            <FileButton
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={image('avatar', AVATAR_MAX_BYTES)}
            >
              {(props) => (
                <Button variant="default" size="xs" {...props}>
                  {values.avatar ? 'Change avatar' : 'Upload avatar'}
                </Button>
              )}
            </FileButton>
            <FileButton
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={image('banner', BANNER_MAX_BYTES)}
            >
              {(props) => (
                <Button variant="default" size="xs" {...props}>
                  {values.banner ? 'Change banner' : 'Upload banner'}
                </Button>
              )}
            </FileButton>
          </Group>
          <ColorInput
            label="Brand colour"
            placeholder="#5865F2"
            format="hex"
            eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
            value={values.brandColor ?? ''}
            onChange={(v) => set({ brandColor: /^#[0-9a-fA-F]{6}$/.test(v) ? v : null })}
          />
          <TextInput
            label="Footer"
            placeholder="Shown under the bot's posts"
            maxLength={FOOTER_MAX}
            value={values.footer ?? ''}
            onChange={(e) => set({ footer: e.currentTarget.value || null })}
          />
        </Stack>
        <WhiteLabelPreview values={values} />
      </Group>
      <Group>
        <Button
          disabled={!draft}
          loading={save.isPending}
          onClick={() => save.mutate({ guildId, ...values })}
        >
          Save
        </Button>
        <Button
          variant="default"
          disabled={saved.data.state === 'default' && !draft}
          loading={reset.isPending}
          onClick={() => reset.mutate({ guildId })}
        >
          Reset to default
        </Button>
      </Group>
    </Stack>
  );
}
