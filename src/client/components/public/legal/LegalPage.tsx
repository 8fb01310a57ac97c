import { Anchor, Box, Container, Divider, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackHomeLink } from '../BackHomeLink';

export const LAST_UPDATED = '22 October 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The frame of /terms and /privacy: title, last updated date, contents, numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <BackHomeLink />
      <Title order={1} mt="lg" fz={{ base: 32, sm: 42 }}>
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        Last updated: {LAST_UPDATED}
      </Text>
      <Text mt="lg" size="lg">
        {intro}
      </Text>

      <Paper withBorder radius="lg" p="lg" mt="xl" component="nav" aria-labelledby="toc-title">
        <Text id="toc-title" fw={700} mb="xs">
          Contents
        </Text>
        <Box component="ol" m={0} pl="lg" style={{ columns: '16rem 2', columnGap: '2rem' }}>
          {sections.map((s) => (
            <li key={s.id}>
              <Anchor href={`#${s.id}`} size="sm">
                {s.title}
              </Anchor>
            </li>
          ))}
        </Box>
      </Paper>

      <Stack gap={0} mt="xl">
        {sections.map((s, i) => (
          <Box key={s.id} component="section" aria-labelledby={s.id} py="lg">
            {i > 0 && <Divider mb="xl" />}
            <Title order={2} id={s.id} fz={{ base: 22, sm: 26 }} mb="sm" style={{ scrollMarginTop: 80 }}>
              {i + 1}. {s.title}
            </Title>
            <Typography>{s.body}</Typography>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
