import { Accordion, Text } from '@mantine/core';
import { Suspense } from 'react';
import { MODERATION_EXCERPT_MAX } from '../../../../common/moderation/schemas';
import { TRANSLATION_LOG_DAYS } from '../../../../common/retention';
import classes from './pricing.module.css';

const FAQ = [
  {
    q: 'Can I change my plan later?',
    a: 'Yes. Upgrades take effect immediately, so the new allowance and features are there at once. Downgrades apply at the start of your next billing cycle, so you keep what you paid for until then.',
  },
  {
    q: 'What happens when my server reaches its monthly translation limit?',
    a: 'We send a usage notice when your server has used 75% and again at 90% of its monthly allowance. At 100% translation pauses until the next month begins or until you upgrade; everything else keeps working.',
  },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Cancel whenever you like and keep your paid features until the end of the period you have paid for. Plans renew automatically each month until cancelled.',
  },
  {
    q: 'Is there a money-back guarantee?',
    a: 'Paid plans come with a 14-day money-back guarantee: ask within 14 days of a payment and we review each request case by case. Partial months are not refunded.',
  },
  {
    q: 'Do you store the messages you translate?',
    a: `No. Translation logs keep who asked, the languages, the message length and whether it worked, never the content, and are kept for up to ${TRANSLATION_LOG_DAYS} days. The exceptions are support tickets, whose conversation is kept so staff can answer, and the first ${MODERATION_EXCERPT_MAX} characters of a message that broke a moderation rule.`,
  },
  {
    q: 'How do I pay?',
    a: 'Checkout is handled by our payment processor, Stripe. We never see or store your card details.',
  },
];

function Questions() {
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right">
      {FAQ.map((item) => (
        <Accordion.Item key={item.q} value={item.q}>
          <Accordion.Control>
            <Text fw={600}>{item.q}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text c="dimmed" size="sm">
              {item.a}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/**
 * Below the fold: drawn when scrolled near (pricing.module.css's .deferred), and hydrated after the
 * rest of the page in its own pass (a Suspense boundary: React hydrates each one separately, in
 * shorter tasks).
 */
export function Faq() {
  return (
    <div className={classes.deferred}>
      <Suspense fallback={null}>
        <Questions />
      </Suspense>
    </div>
  );
}
