import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { PLANS, type Plan, type PlanKey } from '../../../common/plans';
import { BackHomeLink } from '../../components/public/BackHomeLink';
import { InviteButton } from '../../components/public/InviteButton';
import { ComparisonTable } from '../../components/public/pricing/ComparisonTable';
import { Faq } from '../../components/public/pricing/Faq';
import { PlanCard } from '../../components/public/pricing/PlanCard';
import { useSiteConfig } from '../../lib/site';

/**
 * The plan cards: their paid buttons depend on whether online checkout works here (the site's
 * configuration). Only this part and the note below re-render when the configuration arrives, not the
 * whole page (the query's answer re-renders its readers synchronously, in one task).
 */
function Plans() {
  const [loadingPlan, setLoadingPlan] = useState<PlanKey | null>(null);
  const canCheckout = useSiteConfig().checkout;

  // A plan is bought for one server by an admin who may manage it: the button leads to that
  // server's Plan & Usage card (through Login with Discord and the server picker when needed),
  // where checkout starts for it.
  const startCheckout = (plan: Plan) => {
    if (!plan.priceId) return;
    setLoadingPlan(plan.key);
    window.location.assign(`/admin/settings?upgrade=${plan.key}#plan`);
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" component="section" aria-label="Plans">
      {PLANS.map((plan) => (
        <PlanCard
          key={plan.key}
          plan={plan}
          loading={loadingPlan === plan.key}
          busy={loadingPlan !== null}
          checkout={canCheckout}
          onCheckout={startCheckout}
        />
      ))}
    </SimpleGrid>
  );
}

/** A note below the plans about what this installation does with them. */
function PlansNote({
  color,
  title,
  testId,
  children,
}: {
  color: string;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert
      variant="light"
      color={color}
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={title}
      mt="xl"
      maw={760}
      mx="auto"
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}

/**
 * Below the plans: it appears once the site's configuration has loaded, and above them it pushed the
 * whole page down on a phone (Lighthouse's layout shift).
 */
function CheckoutUnavailable() {
  const site = useSiteConfig();
  if (site.loading || site.checkout) return null;
  return (
    <PlansNote color="blurple" title="Paid plans are set up by our team" testId="checkout-unavailable">
      The Free plan works right away. For Plus, Pro or Ultimate,{' '}
      <Anchor component={Link} to="/contact" inherit fw={600}>
        contact us
      </Anchor>{' '}
      and we will set up your plan.
    </PlansNote>
  );
}

/**
 * What the plans list but this installation's translation provider cannot do (DeepL alone gives no
 * moderation verdicts and takes no audio: site.config), said beside the plans rather than sold.
 */
function InstallationLimits() {
  const site = useSiteConfig();
  const missing = [
    ...(site.aiModeration ? [] : ['AI toxicity and harassment detection (Advanced moderation)']),
    ...(site.voice ? [] : ['voice translation']),
  ];
  if (site.loading || missing.length === 0) return null;
  return (
    <PlansNote color="yellow" title="Not available on this installation" testId="installation-limits">
      This installation translates with a provider that cannot run {missing.join(' or ')}, so{' '}
      {missing.length === 1 ? 'it is' : 'they are'} not available here on any plan. Everything else the plans
      list works as described.
    </PlansNote>
  );
}

/** Spec section 2: /pricing; section 4: the checkout states. */
export default function PricingPage() {
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <BackHomeLink />

      <Stack align="center" ta="center" gap="sm" mt="lg" mb={48}>
        <Title order={1} fz={{ base: 32, sm: 44 }}>
          Simple, transparent pricing
        </Title>
        <Text c="dimmed" size="lg" maw={600}>
          Start free and upgrade when your community grows. Every plan is billed monthly and can be cancelled
          at any time.
        </Text>
      </Stack>

      <Plans />

      <CheckoutUnavailable />

      <InstallationLimits />

      <Box component="section" aria-labelledby="compare-title" mt={80}>
        <Title id="compare-title" order={2} ta="center" mb="xl" fz={{ base: 26, sm: 32 }}>
          Compare plans
        </Title>
        <ComparisonTable />
      </Box>

      <Box component="section" aria-labelledby="faq-title" mt={80} maw={820} mx="auto">
        <Title id="faq-title" order={2} ta="center" mb="xl" fz={{ base: 26, sm: 32 }}>
          Frequently asked questions
        </Title>
        <Faq />
      </Box>

      <Paper
        withBorder
        radius="xl"
        p={{ base: 'xl', sm: 48 }}
        mt={80}
        ta="center"
        component="section"
        aria-labelledby="pricing-cta"
      >
        <Title id="pricing-cta" order={2} fz={{ base: 24, sm: 30 }}>
          Still deciding?
        </Title>
        <Text c="dimmed" mt="sm" mb="xl" maw={520} mx="auto">
          Add the bot for free and upgrade whenever you need more. Running a network or a business? Talk to us
          about Ultimate.
        </Text>
        <Group justify="center" gap="sm">
          <InviteButton size="md" label="Start for Free" />
          <Button component={Link} to="/contact" size="md" variant="default">
            Contact Sales
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
