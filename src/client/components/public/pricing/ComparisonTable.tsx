import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import {
  CAPABILITIES,
  PLANS,
  type PlanKey,
  planIncludes,
  SUPPORT_TARGETS,
  UPTIME_TARGET,
} from '../../../../common/plans';
import classes from './pricing.module.css';

type Cell = boolean | string | { text: string; href: string };
const count = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));

/** Spec section 9's table, one row per capability; numbers come from the shared plan constants. */
const ROWS: { label: string; values: Record<PlanKey, Cell> }[] = [
  {
    label: 'Translations a month',
    values: Object.fromEntries(PLANS.map((p) => [p.key, count(p.monthlyTranslations)])) as Record<
      PlanKey,
      Cell
    >,
  },
  {
    label: 'Linked channel pairs',
    values: Object.fromEntries(PLANS.map((p) => [p.key, count(p.channelPairs)])) as Record<PlanKey, Cell>,
  },
  { label: 'Private on-demand translation', values: { free: true, plus: true, pro: true, ultimate: true } },
  {
    label: 'Welcome messages and reaction roles',
    values: { free: true, plus: true, pro: true, ultimate: true },
  },
  { label: 'Moderation', values: { free: 'Basic', plus: 'Advanced', pro: 'Advanced', ultimate: 'Advanced' } },
  {
    label: 'Moderation cases (/warn, /timeout, /kick, /ban)',
    values: { free: false, plus: true, pro: true, ultimate: true },
  },
  { label: 'XP and leveling', values: { free: false, plus: true, pro: true, ultimate: true } },
  { label: 'Smart announcements', values: { free: false, plus: true, pro: true, ultimate: true } },
  { label: 'Multilingual polls', values: { free: false, plus: true, pro: true, ultimate: true } },
  { label: 'Language learning', values: { free: false, plus: true, pro: true, ultimate: true } },
  { label: CAPABILITIES.analytics.label, values: { free: false, plus: true, pro: true, ultimate: true } },
  {
    label: 'CSV and JSON exports (analytics, logs, tickets)',
    values: { free: false, plus: false, pro: true, ultimate: true },
  },
  { label: 'Slang-aware translation', values: { free: false, plus: false, pro: true, ultimate: true } },
  { label: 'Language exchange matching', values: { free: false, plus: false, pro: true, ultimate: true } },
  {
    label: 'Voice translation',
    values: { free: false, plus: false, pro: '100 minutes a month', ultimate: 'Unlimited' },
  },
  { label: 'Support tickets', values: { free: false, plus: false, pro: false, ultimate: true } },
  { label: 'Scam and phishing detection', values: { free: false, plus: false, pro: false, ultimate: true } },
  {
    label: 'Integrations (video and streaming platforms)',
    values: { free: false, plus: false, pro: false, ultimate: true },
  },
  { label: 'API access and white-label', values: { free: false, plus: false, pro: false, ultimate: true } },
  {
    label: 'Uptime',
    values: { free: false, plus: false, pro: false, ultimate: { text: UPTIME_TARGET, href: '/status' } },
  },
  {
    label: 'Support response',
    values: Object.fromEntries(PLANS.map((p) => [p.key, SUPPORT_TARGETS[p.key].label])) as Record<
      PlanKey,
      Cell
    >,
  },
  {
    label: CAPABILITIES.accountManager.label,
    values: Object.fromEntries(PLANS.map((p) => [p.key, planIncludes(p.key, 'accountManager')])) as Record<
      PlanKey,
      Cell
    >,
  },
];

/**
 * A cell's mark: plain elements with this module's classes (the look of a light teal ThemeIcon and
 * of dimmed text). The table has 84 of them; as Mantine components each carried five inline CSS
 * variables to resolve and a component to hydrate, on a page whose first load Lighthouse measures.
 */
function CellValue({ value }: { value: Cell }) {
  if (value === true) {
    return (
      <span className={classes.included}>
        <IconCheck size={14} aria-hidden />
        <span className={classes.hidden}>Included</span>
      </span>
    );
  }
  if (value === false) {
    return (
      <span className={classes.excluded}>
        <IconMinus size={16} aria-hidden />
        <span className={classes.hidden}>Not included</span>
      </span>
    );
  }
  if (typeof value === 'object') {
    return (
      <Anchor component={Link} to={value.href} size="sm">
        {value.text}
      </Anchor>
    );
  }
  return <Text size="sm">{value}</Text>;
}

function Comparison() {
  return (
    <div className={classes.scrollWrap}>
      <Text size="sm" c="dimmed" ta="center" mb="xs" hiddenFrom="sm" data-testid="table-scroll-hint">
        Swipe sideways to compare every plan →
      </Text>
      <div className={classes.scrollFade}>
        {/* The scrolling box takes the keyboard focus, so it scrolls by keyboard too (WCAG 2.1.1). */}
        <Table.ScrollContainer
          minWidth={720}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Plan comparison' },
          }}
        >
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing="sm"
            horizontalSpacing="md"
            layout="fixed"
          >
            <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
              <VisuallyHidden>Features of each plan</VisuallyHidden>
            </caption>
            <Table.Thead className={classes.tableHead}>
              <Table.Tr>
                <Table.Th scope="col" w="32%">
                  Feature
                </Table.Th>
                {PLANS.map((p) => (
                  <Table.Th key={p.key} scope="col" ta="center">
                    {p.name}
                    <Text size="xs" c="dimmed" fw={400}>
                      {p.price}
                      {p.period}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ROWS.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row" fw={500}>
                    {row.label}
                  </Table.Th>
                  {PLANS.map((p) => (
                    <Table.Td key={p.key} ta="center">
                      <CellValue value={row.values[p.key]} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
    </div>
  );
}

/**
 * Below the fold: drawn when scrolled near (pricing.module.css's .deferred), and hydrated after the
 * rest of the page in its own pass (a Suspense boundary: React hydrates each one separately, in
 * shorter tasks).
 */
export function ComparisonTable() {
  return (
    <div className={classes.deferred}>
      <Suspense fallback={null}>
        <Comparison />
      </Suspense>
    </div>
  );
}
