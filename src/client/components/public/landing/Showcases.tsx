import { Badge, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ChatMessage } from './ChatMessage';

function Bullets({ items }: { items: string[] }) {
  return (
    <List
      spacing="sm"
      icon={
        <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCheck size={14} />
        </ThemeIcon>
      }
    >
      {items.map((t) => (
        <List.Item key={t}>
          <Text size="sm">{t}</Text>
        </List.Item>
      ))}
    </List>
  );
}

function PrivateDemo() {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="md" aria-label="Example of a private translation">
      <Stack gap="md">
        <ChatMessage author="marie" color="orange" text="Quelqu'un peut m'aider avec la quête du donjon ?" />
        <Paper radius="md" p="sm" bg="var(--mantine-primary-color-light)">
          <Text size="xs" fw={700} c="blurple" mb={4}>
            Translate Message · only you can see this
          </Text>
          <Text size="sm">Can someone help me with the dungeon quest?</Text>
          <Text size="xs" c="dimmed" mt={4}>
            French → English
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
}

function MirrorDemo() {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="md" aria-label="Example of mirror mode">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap="sm">
          <Badge variant="light" w="fit-content" tt="none">
            # general-en
          </Badge>
          <ChatMessage author="sam" color="cyan" text="Patch notes are out!" />
          <ChatMessage
            author="diego"
            color="grape"
            text="Who's joining the raid at 8?"
            note="mirrored from # general-es"
          />
        </Stack>
        <Stack gap="sm">
          <Badge variant="light" color="grape" w="fit-content" tt="none">
            # general-es
          </Badge>
          <ChatMessage
            author="sam"
            color="cyan"
            text="¡Ya salieron las notas del parche!"
            note="mirrored from # general-en"
          />
          <ChatMessage author="diego" color="grape" text="¿Quién se une a la incursión a las 8?" />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

interface ShowcaseProps {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  bullets: string[];
  demo: ReactNode;
  reverse?: boolean;
}

function Showcase({ id, eyebrow, title, text, bullets, demo, reverse }: ShowcaseProps) {
  const copy = (
    <Stack gap="md" justify="center">
      <Text c="blurple" fw={700} size="sm" tt="uppercase" lts={1}>
        {eyebrow}
      </Text>
      <Title id={id} order={2} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      <Bullets items={bullets} />
    </Stack>
  );
  return (
    <Container size="lg" component="section" aria-labelledby={id} py={{ base: 40, sm: 64 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={32}>
        {reverse ? (
          <>
            <div>{demo}</div>
            {copy}
          </>
        ) : (
          <>
            {copy}
            <div>{demo}</div>
          </>
        )}
      </SimpleGrid>
    </Container>
  );
}

export function Showcases() {
  return (
    <>
      <Showcase
        id="showcase-private"
        eyebrow="Private translation"
        title="On-demand translation only you can see"
        text="Anyone can translate any message into their own language without filling the channel with copies. The reply is private to the member who asked."
        bullets={[
          'Right-click, Apps, Translate Message',
          'Uses the language each member chose with /setlanguage',
          'Keeps context and your server’s tone (slang-aware on Pro)',
        ]}
        demo={<PrivateDemo />}
      />
      <Showcase
        id="showcase-mirror"
        eyebrow="Mirror mode"
        title={'Linked language channels that talk to each other'}
        text="Link a channel per language. Every message is translated both ways automatically, so each group chats in its own language and nobody misses a thing."
        bullets={[
          'Bidirectional, automatic translation between linked channels',
          'Any number of languages in one link',
          'Or translate a single channel in place',
        ]}
        demo={<MirrorDemo />}
        reverse
      />
    </>
  );
}
