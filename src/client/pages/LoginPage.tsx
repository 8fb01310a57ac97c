import { Center, Loader } from '@mantine/core';
import { Navigate, useSearch } from '@tanstack/react-router';
import { LoginScreen } from '../components/auth/LoginScreen';
import { trpc } from '../trpc';

/** /login, /login?token=... and /login?error=...: logs in, then goes to the dashboard. */
export default function LoginPage() {
  const search = useSearch({ strict: false }) as { token?: unknown; error?: unknown };
  const token = typeof search.token === 'string' ? search.token : undefined;
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
  return <LoginScreen initialToken={token} redirectTo="/admin" error={error} />;
}
