import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Plan } from '../../../../common/plans';
import { InviteButton } from '../InviteButton';
import classes from './pricing.module.css';

interface Props {
  plan: Plan;
  /** This plan's checkout is under way. */
  loading: boolean;
  /** Any checkout is under way (the other paid button waits too). */
  busy: boolean;
  /** Online checkout works here; otherwise a paid plan is asked for through the contact page. */
  checkout: boolean;
  onCheckout: (plan: Plan) => void;
}

function PlanAction({ plan, loading, busy, checkout, onCheckout }: Props) {
  const variant = plan.highlight ? 'filled' : 'light';
  if (plan.priceId && !checkout) {
    return (
      <Button
        component={Link}
        to="/contact"
        fullWidth
        size="md"
        variant={variant}
        aria-label={`Contact us about ${plan.name}`}
      >
        Contact us
      </Button>
    );
  }
  if (plan.priceId) {
    return (
      <Button
        fullWidth
        size="md"
        variant={variant}
        disabled={busy}
        onClick={() => onCheckout(plan)}
        leftSection={loading ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
        aria-label={loading ? `Loading checkout for ${plan.name}` : `${plan.cta}: subscribe to ${plan.name}`}
      >
        {loading ? 'Loading...' : plan.cta}
      </Button>
    );
  }
  if (plan.ctaLink.startsWith('/')) {
    return (
      <Button component={Link} to={plan.ctaLink} fullWidth size="md" variant={variant}>
        {plan.cta}
      </Button>
    );
  }
  return <InviteButton fullWidth size="md" variant={variant} label={plan.cta} withIcon={false} />;
}

/** One of the four plan cards of spec section 9 (src/common/plans.ts). */
export function PlanCard(props: Props) {
  const { plan } = props;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      className={classes.card}
      data-highlight={plan.highlight || undefined}
      aria-labelledby={`plan-${plan.key}`}
      component="article"
    >
      <Stack gap="lg" h="100%">
        <div>
          <Group justify="space-between" align="center" wrap="nowrap">
            <Title id={`plan-${plan.key}`} order={2} fz="xl">
              {plan.name}
            </Title>
            {plan.popular && (
              <Badge variant="gradient" gradient={{ from: 'blurple.6', to: 'violet.5' }}>
                Most popular
              </Badge>
            )}
          </Group>
          <Group gap={4} align="baseline" mt="sm" wrap="nowrap">
            <Text fz={36} fw={800} lh={1}>
              {plan.price}
            </Text>
            <Text c="dimmed">{plan.period}</Text>
          </Group>
          <Text size="sm" c="dimmed" mt="sm" mih={60}>
            {plan.description}
          </Text>
        </div>
        <PlanAction {...props} />
        <List spacing="xs" center pl={0}>
          {plan.features.map((f) => (
            <List.Item
              key={f.text}
              icon={
                f.included ? (
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    color="teal"
                    variant="light"
                    role="img"
                    aria-label="Included"
                  >
                    <IconCheck size={13} />
                  </ThemeIcon>
                ) : (
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    color="gray"
                    variant="light"
                    role="img"
                    aria-label="Not included"
                  >
                    <IconX size={13} />
                  </ThemeIcon>
                )
              }
            >
              <Text size="sm" fw={f.bold ? 700 : 400} c={f.included ? undefined : 'dimmed'}>
                {f.href ? (
                  <Anchor component={Link} to={f.href} inherit>
                    {f.text}
                  </Anchor>
                ) : (
                  f.text
                )}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
