import { Anchor, Container, Group, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import guide from '../../../../docs/discord-setup.md?raw';
import { renderMarkdown } from './markdown';

/** docs/discord-setup.md, rendered once at load (the file is bundled with this page's chunk). */
const html = renderMarkdown(guide);

/**
 * The setup guide (public: /setup): docs/discord-setup.md in the site's type, the same text the
 * server serves raw at /docs/discord-setup.md for the operator's terminal.
 */
export default function SetupGuidePage() {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }} data-testid="setup-guide">
      <Anchor component={Link} to="/" size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to home
        </Group>
      </Anchor>
      {/* Long URLs and names in the text wrap on a phone instead of widening the page. */}
      <Typography mt="lg" style={{ overflowWrap: 'anywhere' }}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the project's own document, rendered by marked */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </Container>
  );
}
