import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from '@/contracts/menu';
import { menuTarget } from '@/lib/menu-routes';

/** Wraps content in the right link for a menu entry: in-app navigation, or a new browser tab. */
export function MenuEntryLink({ item, token, children }: { item: MenuItem; token: string; children: ReactNode }) {
  const target = menuTarget(item, token);
  if (target.kind === 'route') return <Link to={target.path}>{children}</Link>;
  if (target.kind === 'external')
    return (
      <a href={target.href} target={target.newTab ? '_blank' : undefined} rel="noopener noreferrer">
        {children}
      </a>
    );
  return null;
}
