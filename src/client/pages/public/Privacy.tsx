import { Link } from '@tanstack/react-router';
import { CONTACT_RETENTION_DAYS } from '../../../common/contact/schemas';
import { EXPORT_DATASET_KEYS, EXPORT_DATASETS, EXPORT_MAX_DAYS } from '../../../common/exports/schemas';
import { MODERATION_EXCERPT_MAX } from '../../../common/moderation/schemas';
import { LEFT_SERVER_DAYS, TRANSLATION_LOG_DAYS } from '../../../common/retention';
import { KEPT_ON_RESET } from '../../../common/settings/reset';
import { PRODUCT_NAME } from '../../components/public/Logo';
import { LegalPage, type LegalSection } from '../../components/public/legal/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'data-collected',
    title: 'Information We Collect',
    body: (
      <>
        <p>
          We collect only what we need to run the bot and the dashboard. When you or your server use{' '}
          {PRODUCT_NAME} we store:
        </p>
        <ul>
          <li>your Discord user ID and username;</li>
          <li>the IDs of the servers and channels where the bot is used;</li>
          <li>the commands you use and the settings administrators choose;</li>
          <li>
            your language preferences, and whether you turned translation of your own messages off in a server
            (/translate-me off: your ID and the server's, nothing else; /translate-me on deletes it at once).
            While it is off, your messages there are never sent to the translation provider: linked channels
            get them as you wrote them, marked as untranslated by your choice, and translation rooms give them
            no reply; another member may still ask for a translation of one for themselves (a flag reaction or
            Translate Message);
          </li>
          <li>
            whose translations you hid for yourself in a server (/hide-translations-of: your ID, theirs and
            the server's, nothing else). It only changes what Translate Message answers you; action:show
            removes one, action:clear all of them at once. The server's administrators see how many members
            hide someone, never who;
          </li>
          <li>
            if you use the app outside servers with the bot (installed to your own account: in DMs, group DMs
            or servers without the bot): how many translations you asked for that day, to enforce the daily
            limit, deleted the next day. Never the text;
          </li>
          <li>
            the IDs and names of bots and webhooks that post in a server's linked channels, and whether its
            administrators allowed their posts to be translated (never what they posted);
          </li>
          <li>translation history, XP, levels and message counts;</li>
          <li>
            if a message breaks a moderation rule: its first {MODERATION_EXCERPT_MAX} characters, the rule it
            matched and the action taken, so moderators can see why;
          </li>
          <li>
            if you open a support ticket: its subject, description and the conversation with the server's
            staff, with their translations, so both sides can read it; the staff member who claimed it (with
            their name in the server at the time), the reason it was closed and your rating;
          </li>
          <li>
            if a moderator warns, times out, kicks or bans you, or the bot does under one of the server's
            escalation rules: the case (its number, the action, the reason, the duration, who acted and your
            username at the time), so staff can see a member's history. An escalation rule itself holds only a
            count, a number of days and an action, nothing about any member;
          </li>
          <li>
            if you join the language exchange: the language you speak, the one you learn, who you are paired
            with and since when;
          </li>
          <li>
            if your server uses integrations: the YouTube channels and Twitch streamers it follows (their
            public ids and names) and which of their videos and streams were posted;
          </li>
          <li>
            what a server's administrators write for the bot to post (announcements, polls and their options,
            welcome messages, the glossary) with the translations made of it, and each member's poll votes,
            kept until they delete it or the server's data is deleted; and
          </li>
          <li>timestamps of these events.</li>
        </ul>
        <p>
          <strong>We do not store the content of the messages we translate</strong> (support tickets,
          moderation excerpts and what administrators write for the bot to post, above, are the exceptions).
          Our translation logs record who asked and in which channel, the source and target languages, the
          message length, how long the translation took and whether it succeeded, never the text. Translations
          are held briefly in memory so repeated requests are fast, and are never written to our database.
        </p>
        <p>
          If you buy a membership, our payment processor collects your payment details. We receive a customer
          reference, the plan and the status of your subscription, never your full card number. If you write
          to us through the contact form, we keep your name, email address and message so we can answer, and
          the Discord server ID if you give one, with that server's plan when you are signed in to the
          dashboard as one of its administrators (it sets how soon we answer).
        </p>
        <p>
          If you log in to the dashboard with Discord, we keep a login session for up to 7 days: your Discord
          user ID, name and avatar, the list of servers Discord reports for your account, and the access token
          Discord issued for it (scopes identify and guilds only). Logging out deletes the session.
        </p>
        <p>
          To stop abuse of the login, contact and checkout forms, we count how often each network address uses
          them. We store a one-way hash of the address with the count, never the address itself, and delete it
          within a day.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How We Use Information',
    body: (
      <>
        <p>We use this information to:</p>
        <ul>
          <li>translate messages into the language each member has chosen;</li>
          <li>
            run the features your server has enabled, such as mirror mode, moderation, polls, XP and tickets;
          </li>
          <li>count usage against your plan's monthly allowance and send usage notices;</li>
          <li>show server administrators analytics on the dashboard and in the exports they download;</li>
          <li>answer support requests, prevent abuse and keep the Service secure; and</li>
          <li>process payments and manage memberships.</li>
        </ul>
        <p>We do not sell your personal information and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <>
        <p>We share information only with the service providers that make the product work:</p>
        <ul>
          <li>
            <strong>Our AI translation provider</strong> (and a second translation service the operator may
            set up, such as DeepL, when the first fails or lacks a language) receives the text of a message,
            and the languages involved, only to produce the translation you asked for. It does not receive the
            messages of a member who turned translation off (/translate-me off), neither to copy them into
            linked channels nor to check them with AI moderation, nor the short chatter a server skips ("ok",
            "lol").
          </li>
          <li>
            <strong>A server's own provider key.</strong> When a server's admins add their own Gemini,
            OpenAI-compatible or DeepL key, that server's messages go to the provider they chose, under their
            account with it. We store the key encrypted (AES-256-GCM, under a secret kept outside the
            database), show only its last four characters, never log it, and delete it when they remove it.
          </li>
          <li>
            <strong>Discord</strong>, the chat platform the bot runs on, processes messages and interactions
            under its own privacy policy.
          </li>
          <li>
            <strong>Our payment processor</strong> handles payments and subscriptions for paid memberships.
          </li>
        </ul>
        <p>
          We may also disclose information when the law requires it, to protect people's safety, or as part of
          a merger or sale of the Service, in which case this policy continues to apply to your information.
        </p>
      </>
    ),
  },
  {
    id: 'exports',
    title: 'Exports',
    body: (
      <>
        <p>
          On the Pro plan and above, a server's administrators (or an API key of that server) can download
          some of this information as CSV or JSON for a range of up to {EXPORT_MAX_DAYS} days. An export holds
          exactly these fields, and never the text of a message:
        </p>
        <ul>
          {EXPORT_DATASET_KEYS.map((key) => (
            <li key={key}>
              <strong>{EXPORT_DATASETS[key].label}</strong>: {EXPORT_DATASETS[key].columns.join(', ')}.
            </li>
          ))}
        </ul>
        <p>
          Moderation entries leave out the excerpt of the flagged message; tickets leave out their subject,
          description and conversation (their one written field is the close reason staff gave).
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <ul>
        <li data-testid="log-retention">
          Translation logs (metadata, never the text) are kept for up to {TRANSLATION_LOG_DAYS} days, then
          deleted.
        </li>
        <li>
          A server's data, including its settings, linked channels, XP and statistics, and its members'
          choices there (/translate-me off, /hide-translations-of), is deleted within {LEFT_SERVER_DAYS} days
          after the bot is removed from that server, or at once when its administrators use Reset Data. That
          includes its glossary, translation style, white-label profile (the bot's name, avatar, banner and
          bio there go back to its own), the bots and webhooks allowed into its linked channels, and its API
          keys, which stop working at once. Reset Data keeps only:
          <ul data-testid="kept-on-reset">
            {KEPT_ON_RESET.map((k) => (
              <li key={k.tables.join()}>{k.what};</li>
            ))}
          </ul>
          You can remove your own choices there at any time (/translate-me on, /hide-translations-of
          action:clear).
        </li>
        <li>
          A language exchange pair is deleted 30 days after it ends; leaving the exchange (/exchange leave)
          removes your languages at once.
        </li>
        <li>
          Work queued for the bot (such as posting an announcement) holds only ids, never message text, and is
          deleted 10 minutes after it is done, or 7 days after it could not be done.
        </li>
        <li>
          Moderation log entries, moderation cases, escalation rules and support tickets (with their messages,
          close reason and rating) are kept until the server's data is deleted: when its administrators use
          Reset Data in the dashboard, or {LEFT_SERVER_DAYS} days after the bot is removed from it.
        </li>
        <li>
          When a ticket closes, its transcript is sent to the member who opened it by direct message, as a
          text file and a web page made from the ticket at that moment; the server's staff can download the
          same transcript from the dashboard, made from the ticket when they ask. We keep no separate copy of
          it. The copy in your direct messages is held by Discord, under Discord's terms, until you delete it.
        </li>
        <li data-testid="contact-retention">
          A contact form message is deleted {CONTACT_RETENTION_DAYS.afterArchived} days after we close it
          (once it is answered), and in any case {CONTACT_RETENTION_DAYS.afterSent} days after you sent it.
          With it go the server ID you gave (if any) and, when you were signed in to the dashboard as one of
          that server's administrators, its plan at the time you wrote, which sets how soon we answer.
        </li>
        <li>The counts that rate-limit the login, contact and checkout forms are deleted within a day.</li>
        <li>Billing records are kept for as long as tax and accounting law requires.</li>
      </ul>
    ),
  },
  {
    id: 'deletion',
    title: 'Deleting Your Data',
    body: (
      <p>
        Removing the bot from your server starts the deletion of that server's data, which completes within 30
        days. To have your own user data deleted sooner, or to ask what we hold about you, send a request
        through our <Link to="/contact">contact page</Link> and include your Discord user ID. We answer within
        30 days, and usually much faster.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect data with encryption in transit, access limited to the people who need it, hashed session
        tokens and regular updates. No system is perfectly secure; if a breach affecting your personal
        information occurs, we will notify you and the relevant authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'gdpr',
    title: 'Your Rights under the GDPR',
    body: (
      <>
        <p>
          If you are in the European Economic Area, the United Kingdom or Switzerland, you have the right to:
        </p>
        <ul>
          <li>access the personal data we hold about you and receive a copy in a portable format;</li>
          <li>have inaccurate data corrected, and have your data erased;</li>
          <li>restrict or object to our processing of your data; and</li>
          <li>lodge a complaint with your local data protection authority.</li>
        </ul>
        <p>
          We process your data to provide the Service you asked for (performance of a contract), to keep it
          secure and prevent abuse (legitimate interests), and to meet legal obligations such as tax records.
        </p>
      </>
    ),
  },
  {
    id: 'ccpa',
    title: 'Your Rights under the CCPA',
    body: (
      <p>
        If you are a California resident, you have the right to know what personal information we collect, use
        and disclose; to ask us to delete it; to correct it; and not to be discriminated against for
        exercising these rights. We do not sell or share personal information for cross-context behavioural
        advertising. To exercise these rights, contact us through our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        The Service is not directed to children under 13, and you must be at least 13 years old (or older
        where Discord or local law requires) to use it. We do not knowingly collect personal information from
        children under 13. If you believe a child has given us personal information, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: 'compliance',
    title: 'Compliance',
    body: (
      <p>
        We handle data in line with Discord's Developer Terms of Service and Developer Policy, the GDPR, the
        CCPA and the Australian Privacy Principles. We review this policy when our practices or the law
        change, and we update the "Last updated" date above whenever we do.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions, requests or complaints about your privacy? Write to us through our{' '}
        <Link to="/contact">contact page</Link>. We answer within 30 days, and usually much faster.
      </p>
    ),
  },
];

/** Spec section 2: /privacy, last updated 22 October 2025. */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`This policy explains what information ${PRODUCT_NAME} collects, why, who we share it with, how long we keep it, and the choices and rights you have.`}
      sections={SECTIONS}
    />
  );
}
