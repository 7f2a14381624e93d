import { useEffect } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { useNavigate, useRouterState } from '@tanstack/react-router';

/** `/jump?target=/path` goes to an in-app path (links from messages and e-mails); other targets go home. */
export function JumpPage() {
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  useEffect(() => {
    const target = typeof search.target === 'string' && search.target.startsWith('/') && !search.target.startsWith('//') ? search.target : '/';
    void navigate({ to: target, replace: true });
  }, [search, navigate]);
  return (
    <Center minH="100dvh">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
