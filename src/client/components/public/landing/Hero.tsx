import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { languagesClaim, useSiteConfig } from '../../../lib/site';
import { InviteButton } from '../InviteButton';
import { ChatMessage } from './ChatMessage';
import classes from './landing.module.css';

/**
 * True whichever engine the installation runs (Gemini, an OpenAI-compatible model or DeepL alone):
 * each is AI translation and is given the conversation around a message.
 */
const HERO_BADGE = 'AI translation that reads the conversation';

export function Hero() {
  const { languageCount } = useSiteConfig();
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={40}>
          <Stack gap="lg" justify="center">
            <Badge
              size="lg"
              variant="light"
              radius="xl"
              leftSection={<IconSparkles size={14} aria-hidden />}
              w="fit-content"
              tt="none"
            >
              {HERO_BADGE}
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              Break language barriers in your{' '}
              <Text span inherit className={classes.gradientText}>
                Discord server
              </Text>
            </Title>
            <Text size="lg" c="dimmed" maw={540}>
              Members set their language once and read every conversation in it. Context-aware AI translation
              in {languagesClaim(languageCount)} languages, mirrored language channels, announcements,
              moderation and more, free to add.
            </Text>
            <Group gap="sm">
              <InviteButton size="md" />
              <Button
                component={Link}
                to="/pricing"
                size="md"
                variant="default"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                View Pricing
              </Button>
            </Group>
          </Stack>
          <Paper
            withBorder
            radius="lg"
            p="lg"
            shadow="xl"
            className={classes.heroCard}
            aria-label="Example conversation"
          >
            <Stack gap="md">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                # general
              </Text>
              <ChatMessage
                author="lucia"
                color="pink"
                text="¿Alguien quiere jugar esta noche? Tengo dos horas libres."
              />
              <ChatMessage
                author="Polyglot"
                bot
                color="blurple"
                text="Anyone want to play tonight? I have two hours free."
                note="Only you can see this · Spanish → English"
              />
              <ChatMessage author="joão" color="teal" text="Boa! Que tal a partir das nove?" />
              <ChatMessage
                author="Polyglot"
                bot
                color="blurple"
                text="Nice! How about from nine?"
                note="Only you can see this · Portuguese → English"
              />
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
