import { useEffect } from 'react';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';

/** /redirect/:path* re-renders a page (tab refresh, spec 2.1); colons in the path arrive encoded; the query is kept. */
export function RedirectPage() {
  const navigate = useNavigate();
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  useEffect(() => {
    const path = decodeURIComponent(_splat ?? '');
    void navigate({ href: `/${path.replace(/^\/+/, '')}${searchStr}`, replace: true });
    // Runs once per visit of /redirect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
