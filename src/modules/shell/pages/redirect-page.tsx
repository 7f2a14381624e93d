import { useEffect } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';

/** /redirect/:path* re-renders a page (tab refresh, spec 2.1); colons in the path arrive encoded. */
export function RedirectPage() {
  const navigate = useNavigate();
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  useEffect(() => {
    const path = decodeURIComponent(_splat ?? '');
    void navigate({ to: `/${path.replace(/^\/+/, '')}`, replace: true });
  }, [_splat, navigate]);
  return null;
}
