import { useEffect, useState, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { UpdatePrompt } from '@/components/update-prompt';
import { setPageTitle } from '@/lib/page-title';

import { ConfirmHost } from '@/components/confirm-host';
import { Toaster } from '@/components/toaster';

/** A thin progress bar while a navigation is pending (spec 2.3). */
function NavigationProgress() {
  const pending = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  return (
    <Box
      position="fixed"
      top="0"
      left="0"
      height="2px"
      zIndex="max"
      bg="brand.solid"
      width={pending ? '80%' : '0'}
      opacity={pending ? 1 : 0}
      transition={pending ? 'width 2s ease-out' : 'opacity 0.3s'}
      data-testid="nav-progress"
      aria-hidden
    />
  );
}

function TitleSync() {
  const { i18n } = useLingui();
  const matches = useRouterState({ select: (s) => s.matches });
  useEffect(() => {
    const titled = [...matches].reverse().find((m) => m.staticData?.title);
    if (titled?.staticData.title) setPageTitle(i18n._(titled.staticData.title));
    // Page scrolling is re-enabled after each navigation (a dialog may have locked it).
    document.body.style.removeProperty('overflow');
    // i18n.locale: the title follows a language switch.
  }, [matches, i18n, i18n.locale]);
  return null;
}

/**
 * The toaster and the confirmation dialog mount right after the first paint, off the sign-in page's
 * critical path (their code comes with the page: see the chunks in vite.config.ts); notices raised
 * before the toaster is mounted wait for it (see bootstrap.ts). The dialog must be mounted closed and
 * opened later: mounting a Chakra dialog (or toaster) already open made the page spin (seen in e2e).
 */
function AfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(id);
  }, []);
  return painted ? (
    <>
      <Toaster />
      <ConfirmHost />
    </>
  ) : null;
}

export function RootShell({ children }: { children: ReactNode }) {
  return (
    <>
      <NavigationProgress />
      <TitleSync />
      {children}
      <AfterFirstPaint />
      <UpdatePrompt />
    </>
  );
}
