import { Container, Typography } from '@mantine/core';
import guide from '../../../../docs/discord-setup.md?raw';
import { BackHomeLink } from '../../components/public/BackHomeLink';
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
      <BackHomeLink />
      {/* Long URLs and names in the text wrap on a phone instead of widening the page. */}
      <Typography mt="lg" style={{ overflowWrap: 'anywhere' }}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the project's own document, rendered by marked */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </Container>
  );
}
