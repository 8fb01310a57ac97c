import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SETUP_GUIDE_URL, useSiteConfig } from '../../lib/site';
import { Logo } from './Logo';
import classes from './SiteFooter.module.css';

/** Footer links of spec section 2: pricing, features, contact, the add link, terms, privacy. */
export function SiteFooter() {
  const { inviteUrl } = useSiteConfig();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Logo size="md" />
            <Text size="sm" c="dimmed" maw={300}>
              AI translation and community tools for Discord servers that speak more than one language.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Product
            </Text>
            <Anchor component={Link} to="/pricing" size="sm" c="dimmed">
              Pricing
            </Anchor>
            <Anchor href="/#features" size="sm" c="dimmed">
              Features
            </Anchor>
            {inviteUrl ? (
              <Anchor href={inviteUrl} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
                Add to Discord
              </Anchor>
            ) : (
              <Anchor component={Link} to={SETUP_GUIDE_URL} size="sm" c="dimmed">
                Set up the bot (for the owner of this site)
              </Anchor>
            )}
          </Stack>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Company
            </Text>
            <Anchor component={Link} to="/contact" size="sm" c="dimmed">
              Contact
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm" c="dimmed">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/status" size="sm" c="dimmed">
              Status
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom}>
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Polyglot. Not affiliated with Discord Inc.
          </Text>
          <Text size="xs" c="dimmed">
            Made for communities that speak every language.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
