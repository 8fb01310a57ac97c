import { Container, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrain,
  IconChartBar,
  IconHandClick,
  IconLink,
  IconMicrophone,
  IconSchool,
  IconShieldCheck,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { plansIncluding } from '../../../../common/plans';
import { languagesClaim, type SiteConfig, useSiteConfig } from '../../../lib/site';
import classes from './landing.module.css';
import { SectionHeading } from './SectionHeading';

/** Its card is left out where the provider takes no audio (DeepL alone). */
const VOICE_TITLE = 'Voice translation';

/** The cards, with the claims that depend on this installation's providers (site.config) filled in. */
const features = (site: SiteConfig) => [
  {
    icon: IconBrain,
    title: 'Context-aware translation',
    // True of every engine an installation may run (Gemini, an OpenAI-compatible model, DeepL): each is
    // given the conversation around a message and the server's tone.
    text: `AI translation reads whole thoughts with the conversation around them, in your server’s tone, in ${languagesClaim(site.languageCount)} languages, not word by word.`,
  },
  {
    icon: IconLink,
    title: 'Mirror mode',
    text: 'Link language channels together: every message is translated both ways, so each group talks in its own channel.',
  },
  {
    icon: IconSpeakerphone,
    title: 'Smart announcements',
    text: 'Write once in any language; the bot translates the announcement and posts it to every language channel.',
  },
  {
    icon: IconShieldCheck,
    title: 'Moderation',
    // AI detection needs a provider that gives verdicts (not DeepL alone): unnamed where it cannot run.
    text: `Spam and banned words on ${plansIncluding('moderation')}, ${site.aiModeration ? `AI toxicity and harassment detection on ${plansIncluding('aiModeration')}, ` : ''}scam and phishing links on ${plansIncluding('scamDetection')}: in every language, with a log your moderators can review.`,
  },
  {
    icon: IconChartBar,
    title: 'Multilingual polls',
    text: 'Ask once and let every member vote in their own language, with the results counted together.',
  },
  {
    icon: IconHandClick,
    title: 'Welcome messages and roles',
    // Discord does not tell the bot a joining member's language: the server's default until they set theirs.
    text: 'Greet new members in your server’s language (or their own, once they have set it with /setlanguage), hand out roles with reactions, and reward activity with XP and levels.',
  },
  {
    icon: IconSchool,
    title: 'Language learning',
    text: 'Members practise with /learn, /practice and /quiz, track their progress, and find language exchange partners.',
  },
  {
    icon: IconMicrophone,
    title: VOICE_TITLE,
    text: `Voice channels captioned live, transcribed and translated by AI models, on ${plansIncluding('voice')}. In beta.`,
  },
];

export function Features() {
  const site = useSiteConfig();
  return (
    <Container
      size="lg"
      component="section"
      id="features"
      aria-labelledby="features-title"
      py={{ base: 56, sm: 80 }}
    >
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Everything a multilingual community needs"
        text="One bot for translation, announcements, moderation, engagement and insight, with analytics and support tickets on the dashboard."
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {features(site)
          .filter((f) => site.voice || f.title !== VOICE_TITLE)
          .map((f) => (
            <Paper key={f.title} withBorder radius="lg" p="lg" className={classes.featureCard}>
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <f.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Text component="h3" fw={700} mt="md" mb={6} fz="md">
                {f.title}
              </Text>
              <Text size="sm" c="dimmed">
                {f.text}
              </Text>
            </Paper>
          ))}
      </SimpleGrid>
    </Container>
  );
}
