import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { InviteButton } from '../InviteButton';
import { planOf } from '../../../../common/plans';
import classes from './landing.module.css';

const FREE_TRANSLATIONS = (planOf('free').monthlyTranslations ?? 0).toLocaleString('en-US');

export function ClosingCta() {
  return (
    <Container size="lg" component="section" aria-labelledby="cta-title" py={{ base: 56, sm: 80 }}>
      <Paper radius="xl" p={{ base: 'lg', sm: 56 }} className={classes.cta} ta="center">
        <Title id="cta-title" order={2} fz={{ base: 26, sm: 36 }} c="white">
          Ready to bring your community together?
        </Title>
        <Text c="rgba(255,255,255,0.85)" size="lg" mt="sm" mb="xl" maw={560} mx="auto">
          Add the bot from Discord’s own screen. The free plan includes {FREE_TRANSLATIONS} translations a
          month, no card needed.
        </Text>
        <Group justify="center" gap="sm">
          <InviteButton size="md" variant="white" label="Add to Discord - It's Free" withIcon={false} />
          <Button
            component={Link}
            to="/contact"
            size="md"
            variant="outline"
            color="white"
            leftSection={<IconMail size={18} aria-hidden />}
            className={classes.ctaOutline}
          >
            Contact Support
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
