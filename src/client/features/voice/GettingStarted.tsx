import { Alert, Card, Stepper, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';

/** Shown while the server has no sessions: three steps, then the Premium and beta note. */
export function GettingStarted() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Getting Started
      </Title>
      <Stepper active={-1} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step
          label="Join a voice channel"
          description="Join the voice channel you want captioned in Discord (the bot needs Connect and Speak there)."
        />
        <Stepper.Step
          label="Configure languages"
          description="By default, captions are in the languages of your members; /voice start languages: picks others (up to 5)."
        />
        <Stepper.Step
          label="Start translation"
          description="Run /voice start: the bot joins, says it is listening, and posts each speaker's words with their translations in the channel's chat. /voice stop or End Session ends it."
        />
      </Stepper>
      <Alert
        mt="md"
        color="yellow"
        variant="light"
        icon={<IconCrown size={18} />}
        title="Premium feature, in beta"
      >
        Voice translation is part of the Premium tier (Pro includes 100 minutes a month, Ultimate is
        unlimited). It is in beta: audio is transcribed and translated by AI models, so expect occasional
        mistakes.
      </Alert>
    </Card>
  );
}
