import { Container, Title } from '@mantine/core';

export default function PrivacyPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Privacy</Title>
    </Container>
  );
}
