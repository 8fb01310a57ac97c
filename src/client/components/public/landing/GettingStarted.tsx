import { Box, Code, Container, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import classes from './landing.module.css';
import { SectionHeading } from './SectionHeading';

const STEPS = [
  {
    title: 'Add the bot',
    text: (
      <>
        Click <b>Add to Discord</b>, pick your server and approve the permissions on Discord’s own screen.
        Nothing to configure first.
      </>
    ),
  },
  {
    title: 'Set your language',
    text: (
      <>
        Each member runs <Code>/setlanguage</Code> once and picks the language they want to read.
      </>
    ),
  },
  {
    title: 'Translate any message',
    text: (
      <>
        Right-click a message, choose <b>Apps</b>, then <b>Translate Message</b>. The translation appears just
        for you.
      </>
    ),
  },
];

export function GettingStarted() {
  return (
    <Box component="section" aria-labelledby="steps-title" className={classes.band} py={{ base: 56, sm: 80 }}>
      <Container size="lg">
        <SectionHeading
          id="steps-title"
          eyebrow="Getting Started"
          title="Up and running in three steps"
          text="No configuration needed to start: add the bot and your members can translate right away."
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" className={classes.steps}>
          {STEPS.map((s, i) => (
            <Paper key={s.title} component="li" withBorder radius="lg" p="lg">
              <ThemeIcon
                size={40}
                radius="xl"
                variant="gradient"
                gradient={{ from: 'blurple.6', to: 'violet.5' }}
                aria-hidden
              >
                <Text fw={800}>{i + 1}</Text>
              </ThemeIcon>
              <Text component="h3" fw={700} fz="lg" mt="md" mb={6}>
                {s.title}
              </Text>
              <Text size="sm" c="dimmed">
                {s.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
