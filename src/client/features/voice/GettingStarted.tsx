import { Alert, Card, Stepper, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';

/** Shown while the server has no sessions: three steps, then the Premium and beta note. */
export function GettingStarted() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4} mb="md">
        Getting Started
      </Title>
      <Stepper active={-1} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step
          label="Join a voice channel"
          description="Join the voice channel you want translated in Discord."
        />
        <Stepper.Step
          label="Configure languages"
          description="Choose the language spoken in the channel and the language to translate into."
        />
        <Stepper.Step
          label="Start translation"
          description="The bot joins, transcribes the speech and posts the translation in real time."
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
