import { Stack, Text, Title } from '@mantine/core';

export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}) {
  return (
    <Stack gap="xs" align="center" ta="center" mb={40}>
      <Text c="blurple" fw={700} size="sm" tt="uppercase" lts={1}>
        {eyebrow}
      </Text>
      <Title id={id} order={2} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" maw={620} size="lg">
        {text}
      </Text>
    </Stack>
  );
}
