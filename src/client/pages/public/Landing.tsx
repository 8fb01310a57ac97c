import { Container, Title } from '@mantine/core';

export default function Landing() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Break language barriers on Discord</Title>
    </Container>
  );
}
