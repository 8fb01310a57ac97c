import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { languageName, SCREEN_LANGUAGES } from '../../../common/languages';
import { glossaryLimits } from '../../../common/glossary/schemas';
import { errorMessage } from '../../components/admin/errorMessage';
import { LanguageSelect } from '../../components/admin/LanguageSelect';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import { LockedFeature } from '../billing/LockedFeature';
import { useCapability } from '../billing/useCapability';

/**
 * Server glossary (Plus): terms never translated (game, server, member and product names) and terms
 * with a fixed translation per language. Each term saves when added or removed.
 */
export function GlossaryCard({ guildId }: { guildId: string | undefined }) {
  const unlocked = useCapability('glossary');
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        Glossary
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Names that must never be translated, and words your server always translates the same way.
      </Text>
      {unlocked === false ? (
        <LockedFeature capability="glossary" description="Keep names as names in every language." />
      ) : (
        <GlossaryEditor guildId={guildId} />
      )}
    </Card>
  );
}

function GlossaryEditor({ guildId }: { guildId: string | undefined }) {
  const utils = trpc.useUtils();
  const list = trpc.glossary.list.useQuery({ guildId });
  const [term, setTerm] = useState('');
  const [fixed, setFixed] = useState<{ key: number; language: string; text: string }[]>([]);
  const nextKey = useRef(0);
  const reset = () => {
    setTerm('');
    setFixed([]);
  };
  const add = trpc.glossary.add.useMutation({
    onSuccess: (saved) => {
      notifySuccess('Term added', saved.term);
      reset();
    },
    onError: (err) => notifyError('Could not add the term', errorMessage(err)),
    onSettled: () => utils.glossary.list.invalidate({ guildId }),
  });
  const remove = trpc.glossary.remove.useMutation({
    onSuccess: () => notifySuccess('Term removed'),
    onError: (err) => notifyError('Could not remove the term', errorMessage(err)),
    onSettled: () => utils.glossary.list.invalidate({ guildId }),
  });
  const terms = list.data?.terms ?? [];
  const full = terms.length >= glossaryLimits.terms;
  const submit = () => {
    const translations = Object.fromEntries(
      fixed.filter((f) => f.text.trim()).map((f) => [f.language, f.text.trim()]),
    );
    add.mutate({ guildId, term: term.trim(), translations });
  };

  return (
    <Stack gap="md">
      {terms.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="glossary-empty">
          No terms yet. Add your server's name, your game's name or members' nicknames.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" data-testid="glossary-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Term</Table.Th>
                <Table.Th>Translation</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {terms.map((t) => {
                const entries = Object.entries(t.translations);
                return (
                  <Table.Tr key={t.id}>
                    <Table.Td fw={600}>{t.term}</Table.Td>
                    <Table.Td>
                      {entries.length === 0 ? (
                        <Badge variant="light" color="gray">
                          Never translated
                        </Badge>
                      ) : (
                        <Group gap={6}>
                          {entries.map(([code, text]) => (
                            <Badge key={code} variant="light" tt="none">
                              {languageName(code)}: {text}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${t.term}`}
                        loading={remove.isPending && remove.variables?.id === t.id}
                        onClick={() => remove.mutate({ guildId, id: t.id })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="New term"
            placeholder="e.g. Minecraft"
            value={term}
            maxLength={glossaryLimits.termChars}
            onChange={(e) => setTerm(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setFixed([...fixed, { key: nextKey.current++, language: nextLanguage(fixed), text: '' }])
            }
          >
            Fixed translation
          </Button>
        </Group>
        {fixed.map((f, i) => (
          <Group key={f.key} align="flex-end" gap="sm" wrap="wrap">
            <LanguageSelect
              label="Language"
              value={f.language}
              onChange={(language) => setFixed(fixed.map((x, j) => (j === i ? { ...x, language } : x)))}
              w={160}
            />
            <TextInput
              label={`In ${languageName(f.language)}`}
              value={f.text}
              maxLength={glossaryLimits.translationChars}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setFixed(fixed.map((x, j) => (j === i ? { ...x, text } : x)));
              }}
              style={{ flex: '1 1 180px' }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Remove this translation"
              onClick={() => setFixed(fixed.filter((_, j) => j !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {fixed.length === 0
              ? 'Without a fixed translation, the term is never translated.'
              : 'The bot uses these translations every time the term appears.'}{' '}
            {terms.length} of {glossaryLimits.terms} terms.
          </Text>
          <Button onClick={submit} loading={add.isPending} disabled={!term.trim() || full}>
            Add term
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

function nextLanguage(fixed: { language: string }[]): string {
  return SCREEN_LANGUAGES.channels.find((c) => !fixed.some((f) => f.language === c)) ?? 'es';
}
