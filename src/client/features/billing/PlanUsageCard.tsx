import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconSparkles } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import { PLAN_ORDER, PLANS, type PlanKey, type PRICE_IDS, planOf } from '../../../common/plans';
import { errorMessage } from '../../components/admin/errorMessage';
import { useGuildId } from '../../lib/guild';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSiteConfig } from '../../lib/site';
import { trpc } from '../../trpc';
import { AccountManagerLine } from '../contact/AccountManagerLine';

type PriceId = (typeof PRICE_IDS)[keyof typeof PRICE_IDS];

/** The bar turns at the usage notices (spec section 4): 75 % and 90 %, and at the pause. */
export function usageColor(percent: number): string {
  if (percent >= 100) return 'red';
  if (percent >= 90) return 'orange';
  if (percent >= 75) return 'yellow';
  return 'teal';
}

/**
 * Plan & Usage: the server's plan, this month's translations against its allowance, when the
 * allowance resets, upgrades (checkout for this server) and Manage subscription (Stripe's portal).
 * `compact` is the Dashboard's short form.
 */
export function PlanUsageCard({ compact = false }: { compact?: boolean }) {
  const guildId = useGuildId();
  const search = useSearch({ strict: false }) as { checkout?: string; upgrade?: string };
  const usage = trpc.usage.get.useQuery({ guildId });
  const billing = trpc.billing.plan.useQuery({ guildId });
  // Without online checkout on this installation, upgrades go through the contact page.
  const site = useSiteConfig();
  const checkout = trpc.billing.createCheckoutSession.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notifyError('Could not start checkout', errorMessage(err)),
  });
  const portal = trpc.billing.portal.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notifyError('Could not open the billing portal', errorMessage(err)),
  });
  const told = useRef(false);
  useEffect(() => {
    if (compact || told.current) return;
    told.current = true;
    if (search.checkout === 'success')
      notifySuccess(
        'Payment received by Stripe',
        'The plan changes as soon as Stripe confirms the subscription.',
      );
    if (search.checkout === 'cancelled') notifyError('Checkout cancelled', 'Nothing was charged.');
  }, [compact, search.checkout]);

  if (usage.isPending) return <Card withBorder radius="md" padding="lg" h={compact ? 150 : 260} />;
  if (usage.isError)
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="red">Could not load the plan: {errorMessage(usage.error)}</Text>
      </Card>
    );
  const u = usage.data;
  const plan = planOf(u.plan as PlanKey);
  const higher = PLANS.filter((p) => PLAN_ORDER.indexOf(p.key) > PLAN_ORDER.indexOf(plan.key));
  const percent = u.allowance === null ? 0 : Math.min(100, u.percent);
  const resets = format(new Date(u.resetsAt), 'MMMM d');

  return (
    <Card withBorder radius="md" padding="lg" id="plan" data-testid="plan-usage">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size={compact ? 'h5' : 'h4'}>
              Plan &amp; Usage
            </Title>
            {!compact && (
              <Text size="sm" c="dimmed">
                {plan.description}
              </Text>
            )}
          </div>
          <Badge
            size="lg"
            variant="light"
            leftSection={<IconSparkles size={14} aria-hidden />}
            data-testid="plan-badge"
          >
            {billing.data?.demo
              ? `${plan.name} · demo plan`
              : `${plan.name} · ${plan.price}${plan.price !== '$0' ? '/mo' : ''}`}
          </Badge>
        </Group>
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500}>
              Translations this month
            </Text>
            <Text size="sm" c="dimmed" data-testid="usage-figures">
              {u.used.toLocaleString()} / {u.allowance === null ? 'unlimited' : u.allowance.toLocaleString()}
            </Text>
          </Group>
          {u.allowance !== null && (
            <Progress
              value={percent}
              color={usageColor(u.percent)}
              size="lg"
              radius="xl"
              aria-label={`${u.percent}% of this month's translations used`}
            />
          )}
          <Text size="xs" c={u.paused ? 'red' : 'dimmed'} mt={4}>
            {u.paused
              ? `Translation is paused until ${resets} or an upgrade.`
              : u.allowance === null
                ? 'Unlimited translations on this plan.'
                : `${u.percent}% used · the allowance resets on ${resets}.`}
          </Text>
        </div>
        <AccountManagerLine />
        {compact ? (
          <Anchor component={Link} to="/admin/settings" search={true} hash="plan" size="sm">
            {higher.length ? 'Upgrade or manage the plan' : 'Manage the plan'}
          </Anchor>
        ) : (
          <Stack gap="xs">
            {billing.data?.demo && (
              <Text size="sm" c="dimmed" data-testid="plan-demo">
                This is a demo plan: it was set on this installation, not bought, so there is no subscription
                to manage.
              </Text>
            )}
            {!site.loading && !site.checkout && higher.length > 0 && (
              <Group gap="sm" data-testid="upgrades-unavailable">
                <Text size="sm">
                  Upgrades are not available here. To change this server’s plan, contact us.
                </Text>
                <Button variant="light" component={Link} to="/contact">
                  Contact us
                </Button>
              </Group>
            )}
            <Group gap="sm">
              {(site.checkout ? higher : []).map((p) =>
                p.priceId ? (
                  <Button
                    key={p.key}
                    variant={search.upgrade === p.key ? 'filled' : 'light'}
                    loading={checkout.isPending && checkout.variables?.priceId === p.priceId}
                    disabled={checkout.isPending}
                    onClick={() => checkout.mutate({ guildId, priceId: p.priceId as PriceId })}
                    data-autofocus={search.upgrade === p.key || undefined}
                  >
                    Upgrade to {p.name} · {p.price}/mo
                  </Button>
                ) : (
                  <Button key={p.key} variant="default" component={Link} to="/contact">
                    {p.name}: contact sales
                  </Button>
                ),
              )}
              {plan.key !== 'free' && billing.data?.subscribed && (
                <Button
                  variant="subtle"
                  leftSection={<IconCreditCard size={16} aria-hidden />}
                  loading={portal.isPending}
                  onClick={() => portal.mutate({ guildId })}
                >
                  Manage subscription
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
