import {
  Anchor,
  Container,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBug,
  IconBulb,
  IconClock,
  IconCrown,
  IconHash,
  IconLifebuoy,
  IconMail,
} from '@tabler/icons-react';
import { ContactForm } from '../../components/public/contact/ContactForm';
import { PLANS, SUPPORT_TARGETS } from '../../../common/plans';
import { useSiteConfig } from '../../lib/site';

const CARDS = [
  {
    icon: IconBug,
    color: 'red',
    title: 'Bug Report',
    text: 'Something not working as it should? Tell us what happened and we will track it down.',
  },
  {
    icon: IconBulb,
    color: 'yellow',
    title: 'Feature Request',
    text: 'Have an idea that would help your community? We read every suggestion.',
  },
  {
    icon: IconLifebuoy,
    color: 'blue',
    title: 'Technical Support',
    text: 'Need a hand with setup, permissions, billing or the dashboard? We are here to help.',
  },
];

function HelpBox() {
  const { supportEmail } = useSiteConfig();
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      bg="var(--mantine-primary-color-light)"
      component="aside"
      aria-labelledby="help-title"
    >
      <Title order={2} fz="lg" id="help-title" mb="md">
        Need help?
      </Title>
      <List spacing="md" center={false}>
        {supportEmail && (
          <List.Item
            icon={
              <ThemeIcon size={28} radius="md" variant="light" aria-hidden>
                <IconMail size={16} />
              </ThemeIcon>
            }
          >
            <Text size="sm">
              Email us at{' '}
              <Anchor href={`mailto:${supportEmail}`} fw={600} data-testid="support-email">
                {supportEmail}
              </Anchor>
            </Text>
          </List.Item>
        )}
        {/* One line per plan, from SUPPORT_TARGETS: the same targets as the inbox's due times. */}
        <List.Item
          icon={
            <ThemeIcon size={28} radius="md" variant="light" aria-hidden>
              <IconClock size={16} />
            </ThemeIcon>
          }
        >
          <Text size="sm">Reply time by plan:</Text>
          <Stack gap={0} data-testid="reply-times">
            {PLANS.map((p) => (
              <Text size="sm" key={p.key}>
                {p.name}: {SUPPORT_TARGETS[p.key].label}
              </Text>
            ))}
          </Stack>
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon size={28} radius="md" variant="light" aria-hidden>
              <IconHash size={16} />
            </ThemeIcon>
          }
        >
          <Text size="sm">
            Include your Discord server ID so we can find your setup quickly (Developer Mode on, then
            right-click the server icon and choose Copy Server ID).
          </Text>
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon size={28} radius="md" variant="light" color="yellow" aria-hidden>
              <IconCrown size={16} />
            </ThemeIcon>
          }
        >
          <Text size="sm">Premium members get priority support.</Text>
          <Text size="xs" c="dimmed" mt={4} data-testid="support-targets">
            Sign in to the dashboard and give your server ID to have your plan's reply time applied.
          </Text>
        </List.Item>
      </List>
    </Paper>
  );
}

/** Spec section 2: /contact. */
export default function ContactPage() {
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack align="center" ta="center" gap="sm" mb={40}>
        <Title order={1} fz={{ base: 32, sm: 44 }}>
          Contact us
        </Title>
        <Text c="dimmed" size="lg" maw={600}>
          Questions, bugs, ideas or sales: send us a message and a real person will answer.
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mb={40}>
        {CARDS.map((c) => (
          <Paper key={c.title} withBorder radius="lg" p="lg">
            <Group gap="sm" wrap="nowrap" align="center">
              <ThemeIcon size={40} radius="md" variant="light" color={c.color} aria-hidden>
                <c.icon size={22} stroke={1.6} />
              </ThemeIcon>
              <Text component="h2" fw={700} fz="md">
                {c.title}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt="sm">
              {c.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ContactForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HelpBox />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
