import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { Logo } from '../public/Logo';
import { ThemeToggle } from '../ThemeToggle';

interface Props {
  /** A token handed in by the URL (/login?token=...): logs in at once. */
  initialToken?: string;
  /** Where to go after logging in; stays on the current page when absent. */
  redirectTo?: string;
}

/** The admin token login (the server prints /login?token=... when it starts). */
export function LoginScreen({ initialToken, redirectTo }: Props) {
  const [token, setToken] = useState(initialToken ?? '');
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation({
    onSuccess: async () => {
      await utils.auth.me.invalidate();
      if (redirectTo) await navigate({ to: redirectTo, replace: true });
    },
  });
  const tried = useRef(false);

  useEffect(() => {
    if (initialToken && !tried.current) {
      tried.current = true;
      login.mutate({ token: initialToken });
    }
  }, [initialToken, login]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ token });
  };

  return (
    <Center mih="100vh" p="md" component="main" pos="relative">
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <ThemeToggle />
      </div>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Polyglot home">
              <Logo />
            </Anchor>
            <div>
              <Title order={1} fz={24}>
                Log in to the dashboard
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Enter the admin token. The server prints a login link with it when it starts; it is also the
                ADMIN_TOKEN setting.
              </Text>
            </div>
            {login.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} title="Login failed" role="alert">
                {login.error.message.replace(/^token: /, '')}
              </Alert>
            )}
            <PasswordInput
              label="Admin token"
              placeholder="Paste the admin token"
              required
              autoFocus={!initialToken}
              autoComplete="current-password"
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
              leftSection={<IconLock size={16} aria-hidden />}
            />
            <Button type="submit" fullWidth loading={login.isPending} disabled={!token.trim()}>
              Log in
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              Login with Discord arrives with Discord OAuth. Until then the admin token is the key.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
