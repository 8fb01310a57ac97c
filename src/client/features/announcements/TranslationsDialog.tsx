import { Badge, Divider, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { languageName } from '../../../common/languages';
import type { Announcement } from './types';

/** The original and every translation; the body has a capped height and scrolls. */
export function TranslationsDialog({
  announcement,
  onClose,
}: {
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const entries = announcement ? Object.entries(announcement.translations) : [];
  return (
    <Modal opened={announcement !== null} onClose={onClose} title="Translations" size="lg">
      {announcement && (
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <Stack gap="md" data-testid="translations-body">
            <div>
              <Group gap="xs" mb={4}>
                <Badge variant="filled">{languageName(announcement.originalLanguage)}</Badge>
                <Text size="xs" c="dimmed">
                  Original
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap' }} lang={announcement.originalLanguage}>
                {announcement.originalText}
              </Text>
            </div>
            {entries.length === 0 && (
              <Text size="sm" c="dimmed">
                No translations stored for this announcement.
              </Text>
            )}
            {entries.map(([lang, text]) => (
              <div key={lang}>
                <Divider mb="sm" />
                <Badge variant="light" mb={4}>
                  {languageName(lang)}
                </Badge>
                <Text style={{ whiteSpace: 'pre-wrap' }} lang={lang}>
                  {text}
                </Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
