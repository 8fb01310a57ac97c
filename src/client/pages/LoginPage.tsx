import { Center, Loader } from '@mantine/core';
import { Navigate, useSearch } from '@tanstack/react-router';
import { LoginScreen } from '../components/auth/LoginScreen';
import { trpc } from '../trpc';

/**
 * /login and /login?error=...: logs in, then goes to the dashboard. (The server itself answers
 * /login?code=..., the one-time link it prints, and /login?token=..., which no longer logs in.)
 */
export default function LoginPage() {
  const search = useSearch({ strict: false }) as { error?: unknown };
  const error = typeof search.error === 'string' ? search.error : undefined;
  const me = trpc.auth.me.useQuery();
  if (me.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  if (me.data?.authenticated) return <Navigate to="/admin" replace />;
  return <LoginScreen redirectTo="/admin" error={error} />;
}
