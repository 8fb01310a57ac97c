import { Container, Title } from '@mantine/core';

export default function PricingPage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Pricing</Title>
    </Container>
  );
}
