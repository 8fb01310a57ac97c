import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { CONTACT_LIMITS, type ContactType } from '../../../../common/contact/schemas';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { ManagerNote } from './ManagerNote';

interface Values {
  name: string;
  email: string;
  type: ContactType | '';
  subject: string;
  message: string;
  serverId: string;
}

const EMPTY: Values = { name: '', email: '', type: '', subject: '', message: '', serverId: '' };

const TYPES: { value: ContactType; label: string }[] = [
  { value: 'bug', label: 'Bug Report' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'support', label: 'Technical Support' },
  { value: 'other', label: 'Other' },
];

const KEYS = Object.keys(EMPTY) as (keyof Values)[];

/**
 * Spec sections 3, 4, 5 and 8: five required fields and the optional server ID (its plan's reply
 * target applies when the sender is signed in to the dashboard as one of its admins) (the browser's own checks block an empty or
 * malformed submit), 'Sending...' while submitting, the form clears on success, values stay on failure.
 *
 * The page arrives prerendered, so a visitor can type before React takes the form over: on
 * hydration the form adopts what is already in its fields, and until then Send is disabled (a
 * native submit would put the message in a GET URL and lose it).
 */
function Form() {
  const [values, setValues] = useState<Values>(EMPTY);
  const hydrated = useMounted();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = new FormData(form);
    const adopted: Partial<Values> = {};
    for (const key of KEYS) {
      const value = typed.get(key);
      if (typeof value === 'string' && value !== '') (adopted as Record<string, string>)[key] = value;
    }
    if (Object.keys(adopted).length > 0) setValues((v) => ({ ...v, ...adopted }));
  }, []);
  const submit = trpc.contact.submit.useMutation();
  const set = (key: keyof Values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submit.isPending || values.type === '') return;
    try {
      await submit.mutateAsync({ ...values, type: values.type });
      setValues(EMPTY);
      notifySuccess('Message Sent!', "We'll get back to you as soon as possible.");
    } catch (err) {
      const message =
        err instanceof Error && err.message ? err.message : 'Failed to send message. Please try again.';
      notifyError('Error', message);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Title order={2} fz="xl" mb="lg" id="contact-form-title">
        Send us a message
      </Title>
      <form ref={formRef} onSubmit={onSubmit} aria-labelledby="contact-form-title">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              name="name"
              placeholder="Your name"
              required
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              value={values.name}
              onChange={set('name')}
            />
            <TextInput
              label="Email"
              name="email"
              type="email"
              placeholder="you@example.com"
              required
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              value={values.email}
              onChange={set('email')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Type"
              name="type"
              required
              value={values.type}
              onChange={set('type')}
              data={[{ value: '', label: 'Choose a type', disabled: true }, ...TYPES]}
            />
            <TextInput
              label="Subject"
              name="subject"
              placeholder="What is this about?"
              required
              maxLength={CONTACT_LIMITS.subject}
              value={values.subject}
              onChange={set('subject')}
            />
          </SimpleGrid>
          <TextInput
            label="Server ID (optional)"
            name="serverId"
            placeholder="e.g. 123456789012345678"
            description="Signed in to the dashboard as an admin of this server? Its plan's reply time applies."
            inputMode="numeric"
            pattern="\d{17,20}"
            title="A Discord server ID: 17 to 20 digits"
            maxLength={20}
            value={values.serverId}
            onChange={set('serverId')}
          />
          <ManagerNote serverId={values.serverId} />
          <Textarea
            label="Message"
            name="message"
            description="For bug reports, include the steps to reproduce, what you expected versus what actually happened, and any error messages."
            placeholder="Tell us as much as you can"
            required
            autosize
            minRows={6}
            maxRows={14}
            maxLength={CONTACT_LIMITS.message}
            value={values.message}
            onChange={set('message')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              disabled={!hydrated || submit.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {submit.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The form hydrates after the rest of the page, in its own pass (a Suspense boundary: React hydrates
 * each one separately, so the page's hydration is shorter tasks), or first when the visitor acts on it.
 */
export function ContactForm() {
  return (
    <Suspense fallback={null}>
      <Form />
    </Suspense>
  );
}
