import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBrandDiscord, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../trpc';
import { Logo } from '../public/Logo';
import { ThemeToggle } from '../ThemeToggle';

interface Props {
  /** Where to go after logging in; stays on the current page when absent. */
  redirectTo?: string;
  /** Why the last Login with Discord did not finish (/login?error=...). */
  error?: string;
}

/** What a failed login says, in plain words (never a stack or a code). */
export const LOGIN_ERRORS: Record<string, string> = {
  link: 'That one-time login link has expired or was already used. Restart the server for a new one, or use the admin token below.',
  'token-link':
    'Links carrying the admin token no longer log in (they end up in logs and browser history). Paste the token below, or open the one-time link the server prints when it starts.',
  denied: 'You cancelled the login on Discord. Try again when you are ready.',
  state: 'That login link was out of date or opened in another browser. Please start again.',
  code: 'Discord did not accept that login. Please start again.',
  unavailable: 'Discord could not be reached just now. Please try again in a minute.',
  disabled: 'Login with Discord is not available on this installation.',
};

/** The login page: Login with Discord first when offered, the operator's admin token below it. */
/** Errors that ask for the admin token, so its field shows at once. */
const TOKEN_ERRORS = new Set(['link', 'token-link']);

export function LoginScreen({ redirectTo, error }: Props) {
  const me = trpc.auth.me.useQuery();
  const discord = me.data?.discordLogin ?? false;
  const [showToken, setShowToken] = useState(Boolean(error && TOKEN_ERRORS.has(error)));
  const here = typeof window === 'undefined' ? '/admin' : window.location.pathname + window.location.search;
  const next = redirectTo ?? (here.startsWith('/admin') ? here : '/admin');
  const discordHref = `/auth/discord?next=${encodeURIComponent(next)}`;

  return (
    <Center mih="100vh" p="md" component="main" pos="relative">
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <ThemeToggle />
      </div>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="md">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Polyglot home">
            <Logo />
          </Anchor>
          <div>
            <Title order={1} fz={24}>
              Log in to the dashboard
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {discord
                ? 'Log in with the Discord account that manages your server. You will see the servers you own or manage.'
                : 'Enter the admin token of this installation.'}
            </Text>
          </div>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Login did not finish" role="alert">
              {LOGIN_ERRORS[error] ?? LOGIN_ERRORS.code}
            </Alert>
          )}
          {discord && (
            <Button
              component="a"
              href={discordHref}
              size="md"
              fullWidth
              color="#5865F2"
              leftSection={<IconBrandDiscord size={20} aria-hidden />}
            >
              Login with Discord
            </Button>
          )}
          {discord && !showToken ? (
            <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setShowToken(true)}>
              Operator of this installation? Use the admin token
            </Anchor>
          ) : (
            <>
              {discord && <Divider label="or, for the operator" labelPosition="center" />}
              <TokenForm redirectTo={redirectTo} autoFocus={!discord} />
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

function TokenForm({ redirectTo, autoFocus }: { redirectTo?: string; autoFocus: boolean }) {
  const [token, setToken] = useState('');
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation({
    onSuccess: async () => {
      await utils.auth.me.invalidate();
      if (redirectTo) await navigate({ to: redirectTo, replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ token });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {login.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Login failed" role="alert">
            {login.error.message.replace(/^token: /, '')}
          </Alert>
        )}
        <PasswordInput
          label="Admin token"
          description="Kept in data/admin-token beside the database, or set as ADMIN_TOKEN; the server says which when it starts."
          placeholder="Paste the admin token"
          required
          autoFocus={autoFocus}
          autoComplete="current-password"
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          leftSection={<IconLock size={16} aria-hidden />}
        />
        <Button
          type="submit"
          variant={autoFocus ? 'filled' : 'default'}
          fullWidth
          loading={login.isPending}
          disabled={!token.trim()}
        >
          Log in with the token
        </Button>
      </Stack>
    </form>
  );
}
