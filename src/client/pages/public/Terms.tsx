import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../components/public/Logo';
import { LegalPage, type LegalSection } from '../../components/public/legal/LegalPage';
import { languagesClaim, useSiteConfig } from '../../lib/site';

/** "130+", or fewer where the installation's providers translate into fewer (site.config). */
function LanguageCount() {
  return <>{languagesClaim(useSiteConfig().languageCount)}</>;
}

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to These Terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") are a binding agreement between you and the operators of{' '}
          {PRODUCT_NAME} ("we", "us", "our"). They govern your use of the {PRODUCT_NAME} Discord bot, the web
          dashboard, this website and any paid membership (together, the "Service").
        </p>
        <p>
          By adding the bot to a Discord server, using any of its commands, signing in to the dashboard or
          purchasing a membership, you confirm that you have read, understood and agree to these Terms and to
          our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, do not use the Service.
        </p>
        <p>
          If you use the Service on behalf of a community, company or other organisation, you confirm that you
          are authorised to accept these Terms on its behalf.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'Description of the Service',
    body: (
      <>
        <p>
          {PRODUCT_NAME} is a translation and community-management bot for Discord servers. Depending on your
          plan, the Service includes:
        </p>
        <ul>
          <li>
            private, on-demand translation of messages in <LanguageCount /> languages by AI translation;
          </li>
          <li>
            mirror mode, which links language channels and translates messages between them in both
            directions;
          </li>
          <li>smart announcements, multilingual polls, welcome messages, reaction roles and XP levels;</li>
          <li>AI moderation of spam, scams and toxic content;</li>
          <li>translation analytics, language learning tools, voice translation and support tickets;</li>
          <li>a web dashboard where server administrators configure these features.</li>
        </ul>
        <p>
          We may add, change or retire features over time. Features marked as beta, such as voice translation,
          are provided as they are and may change or be withdrawn. We aim for high availability but, except
          where a written service level agreement applies to your plan, we do not guarantee that the Service
          will be uninterrupted or error-free.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <p>To use the Service you must:</p>
        <ul>
          <li>
            be at least 13 years old, or the minimum age required to use Discord in your country if that is
            higher;
          </li>
          <li>
            have permission to manage the Discord server to which you add the bot, or otherwise be authorised
            by its owner to configure it; and
          </li>
          <li>
            comply with Discord's Terms of Service, Community Guidelines and Developer Policy at all times
            while using the Service.
          </li>
        </ul>
        <p>
          We may refuse or end access for anyone who does not meet these requirements, including by removing
          the bot from a server.
        </p>
      </>
    ),
  },
  {
    id: 'memberships',
    title: 'Paid Memberships',
    body: (
      <>
        <p>
          Some features require a paid membership (Plus, Pro or Ultimate). Prices and what each plan includes
          are shown on our <Link to="/pricing">pricing page</Link>. Payments are processed by our payment
          processor; we do not receive or store your full card details.
        </p>
        <ul>
          <li>
            <strong>Billing and auto-renewal.</strong> Memberships are billed monthly in advance and renew
            automatically at the end of each billing period until you cancel.
          </li>
          <li>
            <strong>Price changes.</strong> We will give you at least 30 days notice before a price change
            takes effect on your membership. If you do not agree to the new price, you may cancel before it
            applies.
          </li>
          <li>
            <strong>Cancellation.</strong> You may cancel at any time. After cancelling you keep access to
            paid features until the end of the period you have already paid for; the membership then ends and
            does not renew.
          </li>
          <li>
            <strong>Upgrades and downgrades.</strong> Upgrades take effect immediately. Downgrades take effect
            at the start of the next billing cycle.
          </li>
          <li>
            <strong>Refunds.</strong> Partial months are not refunded. Paid plans carry a 14-day money-back
            guarantee: refund requests made within 14 days of a payment are considered case by case. Contact
            us through the <Link to="/contact">contact page</Link> to request one.
          </li>
          <li>
            <strong>Usage limits.</strong> Plans with a monthly translation allowance send usage notices at
            75% and 90% of that allowance. When 100% is reached, translation pauses until the next month
            begins or until you upgrade.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <>
        <p>You agree not to use the Service to:</p>
        <ul>
          <li>break any law, or Discord's terms and guidelines;</li>
          <li>
            harass, threaten, defraud or spam other people, or to spread malware, scams or phishing links;
          </li>
          <li>process content that sexualises minors or that you do not have the right to share;</li>
          <li>
            interfere with, overload, probe or reverse engineer the Service, or get around its rate limits,
            usage limits or access controls;
          </li>
          <li>
            resell or redistribute the Service without our written permission (white-label plans excepted); or
          </li>
          <li>use translations to impersonate others or to mislead people about who wrote a message.</li>
        </ul>
        <p>
          Server administrators are responsible for how the bot is configured in their servers, including
          which channels are linked and which moderation rules apply.
        </p>
      </>
    ),
  },
  {
    id: 'translation-accuracy',
    title: 'Translation Accuracy',
    body: (
      <>
        <p>
          Translations are produced automatically by artificial intelligence models. They are usually accurate
          and keep context and tone, but they can contain mistakes, miss nuance, slang or cultural meaning, or
          render names and technical terms incorrectly.
        </p>
        <p>
          Translations are provided for convenience only. Do not rely on them for legal, medical, financial,
          safety or other decisions where accuracy is critical; consult a qualified human translator instead.
          Automated moderation can likewise flag harmless messages or miss harmful ones, and does not replace
          human moderators.
        </p>
      </>
    ),
  },
  {
    id: 'data',
    title: 'Data Collection',
    body: (
      <>
        <p>
          To run the Service we store a limited set of data, such as Discord user, server and channel IDs,
          usernames, commands used, language preferences, translation history, XP, levels, message counts and
          timestamps. Our translation logs record the source language, target language and message length, not
          the content of your messages.
        </p>
        <p>
          Message text is sent to our AI translation provider only to produce the translation you asked for.
          The details, including how long we keep data and how to have it deleted, are set out in our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          The Service is provided "as is" and "as available". To the fullest extent permitted by law, we
          disclaim all warranties, express or implied, including merchantability, fitness for a particular
          purpose and non-infringement.
        </p>
        <p>
          To the fullest extent permitted by law, we are not liable for any indirect, incidental, special,
          consequential or punitive damages, or for lost profits, revenue, data or goodwill, arising from your
          use of or inability to use the Service, including errors in translations or moderation decisions.
        </p>
        <p>
          Our total liability for any claim relating to the Service is limited to the amount you paid us for
          the Service in the 12 months before the event giving rise to the claim (or nothing, if you used only
          the free plan). Nothing in these Terms limits liability that cannot be limited by law, including
          your rights under the Australian Consumer Law.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <p>
          You may stop using the Service at any time by removing the bot from your server and cancelling any
          paid membership. We may suspend or end your access, with or without notice, if you breach these
          Terms, if required by law or by Discord, or if continuing to provide the Service to you would expose
          us or others to harm.
        </p>
        <p>
          When the bot is removed from a server, that server's data is deleted within 30 days, as described in
          our Privacy Policy. Sections that by their nature should survive termination, including those on
          payment, translation accuracy, limitation of liability and governing law, continue to apply.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms from time to time. When we do, we will change the "Last updated" date above
        and, for material changes, give notice on this website or through the bot before they take effect.
        Continuing to use the Service after the changes take effect means you accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of Queensland, Australia. You and we submit to the non-exclusive
        jurisdiction of the courts of Queensland, Australia, and the courts that may hear appeals from them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about these Terms? Reach us through our <Link to="/contact">contact page</Link>. You can
        also read our <Link to="/privacy">Privacy Policy</Link> or return to the <Link to="/">home page</Link>
        .
      </p>
    ),
  },
];

/** Spec section 2: /terms, last updated 22 October 2025. */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={`Please read these terms carefully. They explain the rules for using ${PRODUCT_NAME}, what you can expect from us, and what we expect from you.`}
      sections={SECTIONS}
    />
  );
}
