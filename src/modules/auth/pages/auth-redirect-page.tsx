import { useEffect } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { reportError } from '../components/report-error';
import { loadCurrentUser, resetToken, setToken } from '../store';

/** Single sign-on landing: `?token=…&redirect=/path` stores the token, loads the user and goes on. */
export function AuthRedirectPage() {
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  useEffect(() => {
    const token = typeof search.token === 'string' ? search.token : '';
    const target = typeof search.redirect === 'string' && search.redirect.startsWith('/') ? search.redirect : '/';
    void (async () => {
      if (!token) return navigate({ to: '/login', replace: true });
      setToken(token);
      try {
        await loadCurrentUser();
        await navigate({ to: target, replace: true });
      } catch (e) {
        resetToken();
        reportError(e);
        await navigate({ to: '/login', replace: true });
      }
    })();
  }, [search, navigate]);
  return (
    <Center minH="100dvh">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
