import { Box, Container, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconDeviceGamepad2, IconSchool, IconVideo } from '@tabler/icons-react';
import classes from './landing.module.css';
import { SectionHeading } from './SectionHeading';

const CASES = [
  {
    icon: IconDeviceGamepad2,
    title: 'Gaming',
    color: 'grape',
    text: 'International guilds and clans coordinate raids, trades and tournaments without a shared language.',
  },
  {
    icon: IconSchool,
    title: 'Education',
    color: 'teal',
    text: 'Language-learning servers get practice, quizzes, progress tracking and exchange partners built in.',
  },
  {
    icon: IconBriefcase,
    title: 'Business',
    color: 'blue',
    text: 'Global teams and customer communities keep one conversation across offices and time zones.',
  },
  {
    icon: IconVideo,
    title: 'Creators',
    color: 'orange',
    text: 'Streamers and creators welcome fans from every country and reach them all with one announcement.',
  },
];

export function UseCases() {
  return (
    <Box
      component="section"
      aria-labelledby="usecases-title"
      className={classes.band}
      py={{ base: 56, sm: 80 }}
    >
      <Container size="lg">
        <SectionHeading
          id="usecases-title"
          eyebrow="Use cases"
          title="Built for communities without borders"
          text="From gaming clans to global companies, servers use the bot to keep everyone in the same conversation."
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {CASES.map((c) => (
            <Paper key={c.title} withBorder radius="lg" p="lg">
              <ThemeIcon size={44} radius="md" variant="light" color={c.color} aria-hidden>
                <c.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Text component="h3" fw={700} fz="lg" mt="md" mb={6}>
                {c.title}
              </Text>
              <Text size="sm" c="dimmed">
                {c.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
