/** Spec section 9: the plans, their prices and what they include. Shared by site, server and bot. */

export type PlanKey = 'free' | 'plus' | 'pro' | 'ultimate';

export interface PlanFeature {
  text: string;
  included: boolean;
  bold?: boolean;
  /** A page of the site that shows the claim measured (the status page for uptime). */
  href?: string;
}

export interface Plan {
  key: PlanKey;
  name: string;
  price: string;
  period: string;
  description: string;
  /** The page's fixed price id (null for Free; Ultimate is Contact Sales). */
  priceId: string | null;
  features: PlanFeature[];
  cta: string;
  ctaLink: string;
  popular: boolean;
  highlight: boolean;
  /** Translations a month; null = unlimited. */
  monthlyTranslations: number | null;
  /** Linked channel pairs; null = unlimited. */
  channelPairs: number | null;
}

/**
 * How soon a support message gets its first reply, per plan: the pricing page's words, the contact
 * page's reply times and the operator's inbox due times come from here. `minutes` null = no target
 * (community, best effort). Ultimate's account manager is a capability (`accountManager`).
 */
export const SUPPORT_TARGETS: Record<PlanKey, { minutes: number | null; label: string }> = {
  free: { minutes: null, label: 'Community, best effort' },
  plus: { minutes: 48 * 60, label: '24–48 hours' },
  pro: { minutes: 4 * 60, label: '4 hours' },
  ultimate: { minutes: 60, label: '1 hour' },
};

/** Where the measured uptime is published (the Ultimate card and the comparison table link it). */
export const UPTIME_TARGET = '99.9% uptime target, measured on the public status page';

/** The analytics screen is the same on Plus and Pro; Pro adds its exports (`analyticsExport`). */
const ANALYTICS_LABEL = 'Analytics';
const ANALYTICS_EXPORT_LABEL = 'Analytics with CSV and JSON exports';

/** The operator assigns one to an Ultimate server (the inbox); its Plan & Usage card names them. */
const ACCOUNT_MANAGER_LABEL = 'An account manager, named on your dashboard';

const supportFeature = (key: PlanKey): PlanFeature => ({
  text: `Support response in ${SUPPORT_TARGETS[key].label}`,
  included: true,
});

export const PRICE_IDS = { plus: 'price_plus_monthly', pro: 'price_pro_monthly' } as const;

export const PLANS: Plan[] = [
  {
    key: 'free',
    name: 'Free',
    price: '$0',
    period: '/month',
    description: 'Everything a small community needs to start talking across languages.',
    priceId: null,
    features: [
      { text: '1,000 translations a month', included: true, bold: true },
      { text: '2 linked channel pairs', included: true },
      { text: 'Basic moderation', included: true },
      { text: 'Welcome messages and reaction roles', included: true },
      { text: 'Smart announcements', included: false },
      { text: 'Voice translation', included: false },
    ],
    cta: 'Add to Discord',
    ctaLink: 'invite',
    popular: false,
    highlight: false,
    monthlyTranslations: 1000,
    channelPairs: 2,
  },
  {
    key: 'plus',
    name: 'Plus',
    price: '$7.99',
    period: '/month',
    description: 'For growing servers that talk every day.',
    priceId: PRICE_IDS.plus,
    features: [
      { text: '10,000 translations a month', included: true, bold: true },
      { text: '10 linked channel pairs', included: true },
      { text: 'Advanced moderation', included: true },
      { text: 'Moderation cases: /warn, /timeout, /kick, /ban', included: true },
      { text: 'XP and leveling', included: true },
      { text: 'Smart announcements', included: true },
      { text: ANALYTICS_LABEL, included: true },
      { text: 'Language learning', included: true },
      { text: 'Multilingual polls', included: true },
      { text: 'Your own Gemini, OpenAI-compatible or DeepL key, outside the allowance', included: true },
      supportFeature('plus'),
    ],
    cta: 'Get Plus',
    ctaLink: '/subscribe',
    popular: false,
    highlight: false,
    monthlyTranslations: 10_000,
    channelPairs: 10,
  },
  {
    key: 'pro',
    name: 'Pro',
    price: '$14.99',
    period: '/month',
    description: 'Unlimited translation for large international communities.',
    priceId: PRICE_IDS.pro,
    features: [
      { text: 'Unlimited translations and channels', included: true, bold: true },
      { text: 'Voice translation, 100 minutes a month', included: true },
      { text: 'Language exchange matching', included: true },
      { text: 'Slang-aware translation', included: true },
      { text: ANALYTICS_EXPORT_LABEL, included: true },
      supportFeature('pro'),
    ],
    cta: 'Get Pro',
    ctaLink: '/subscribe',
    popular: true,
    highlight: true,
    monthlyTranslations: null,
    channelPairs: null,
  },
  {
    key: 'ultimate',
    name: 'Ultimate',
    price: '$29.99',
    period: '/month',
    description: 'For networks and businesses that need everything, with guarantees.',
    priceId: null,
    features: [
      { text: 'Unlimited voice translation', included: true, bold: true },
      { text: 'Support tickets', included: true },
      { text: 'Integrations with video and streaming platforms', included: true },
      { text: 'API access and white-label', included: true },
      { text: UPTIME_TARGET, included: true, href: '/status' },
      { text: 'Scam and phishing detection', included: true },
      supportFeature('ultimate'),
      { text: ACCOUNT_MANAGER_LABEL, included: true },
    ],
    cta: 'Contact Sales',
    ctaLink: '/contact',
    popular: false,
    highlight: false,
    monthlyTranslations: null,
    channelPairs: null,
  },
];

export function planOf(key: PlanKey): Plan {
  return PLANS.find((p) => p.key === key) ?? PLANS[0];
}

/** Spec section 4 and 9: notices at 75% and 90%, translation pauses at 100%. */
export const USAGE_THRESHOLDS = [75, 90, 100] as const;

// ---- What each plan unlocks (spec section 9): the one table procedures, the bot and the client read

export const PLAN_ORDER: PlanKey[] = ['free', 'plus', 'pro', 'ultimate'];

/** A capability the site sells, and the lowest plan that includes it. */
export const CAPABILITIES = {
  // Free
  moderation: { plan: 'free', label: 'Basic moderation (spam and banned words)' },
  welcome: { plan: 'free', label: 'Welcome messages' },
  reactionRoles: { plan: 'free', label: 'Reaction roles' },
  // Plus
  aiModeration: { plan: 'plus', label: 'Advanced moderation (AI toxicity and harassment)' },
  leveling: { plan: 'plus', label: 'XP and leveling' },
  announcements: { plan: 'plus', label: 'Smart announcements' },
  analytics: { plan: 'plus', label: ANALYTICS_LABEL },
  learning: { plan: 'plus', label: 'Language learning' },
  polls: { plan: 'plus', label: 'Multilingual polls' },
  glossary: { plan: 'plus', label: 'Server glossary' },
  cases: { plan: 'plus', label: 'Moderation cases' },
  providerKeys: { plan: 'plus', label: 'Your own translation provider key' },
  // Pro
  voice: { plan: 'pro', label: 'Voice translation' },
  exchange: { plan: 'pro', label: 'Language exchange matching' },
  slang: { plan: 'pro', label: 'Slang-aware translation' },
  customInstructions: { plan: 'pro', label: 'Custom translation instructions' },
  analyticsExport: { plan: 'pro', label: ANALYTICS_EXPORT_LABEL },
  // Ultimate
  tickets: { plan: 'ultimate', label: 'Support tickets' },
  apiAccess: { plan: 'ultimate', label: 'API access' },
  scamDetection: { plan: 'ultimate', label: 'Scam and phishing detection' },
  integrations: { plan: 'ultimate', label: 'Integrations with video and streaming platforms' },
  whiteLabel: { plan: 'ultimate', label: 'White-label' },
  accountManager: { plan: 'ultimate', label: ACCOUNT_MANAGER_LABEL },
} as const satisfies Record<string, { plan: PlanKey; label: string }>;

export type Capability = keyof typeof CAPABILITIES;

/** Voice translation minutes a month per plan (null = unlimited; 0 = not included). */
export const VOICE_MINUTES: Record<PlanKey, number | null> = { free: 0, plus: 0, pro: 100, ultimate: null };

export function planIncludes(plan: PlanKey, capability: Capability): boolean {
  return PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(CAPABILITIES[capability].plan);
}

/** The lowest plan that unlocks the capability (what a locked screen names). */
export function unlockingPlan(capability: Capability): Plan {
  return planOf(CAPABILITIES[capability].plan);
}

/** Which plans include a capability, in words: "every plan", "Plus and up" or "Ultimate" (the top one alone). */
export function plansIncluding(capability: Capability): string {
  const from = CAPABILITIES[capability].plan;
  if (from === PLAN_ORDER[0]) return 'every plan';
  const name = planOf(from).name;
  return from === PLAN_ORDER[PLAN_ORDER.length - 1] ? name : `${name} and up`;
}

/** "Support tickets need the Ultimate plan." — what a locked capability says, in English. */
export function lockedMessage(capability: Capability): string {
  const { label } = CAPABILITIES[capability];
  return `${label} needs the ${unlockingPlan(capability).name} plan`;
}
