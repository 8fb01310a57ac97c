import { Container, Title } from '@mantine/core';

export default function TermsPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Terms</Title>
    </Container>
  );
}
