import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { bootstrap } from '@/app/bootstrap';
import { router } from '@/app/router';
import { system } from '@/app/system';
import { activateLocale, i18n, initialLocale } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/pwa';
import { storage, StorageKey } from '@/lib/storage';

bootstrap();
// A stored theme or size applies before the first paint (the sign-in page included); with the
// defaults, the settings module loads later with the shell.
const customised = storage.get(StorageKey.settings) !== null || storage.get(StorageKey.size) !== null;
await Promise.all([activateLocale(initialLocale()), customised ? import('@/modules/shell/settings').then((m) => m.startSettings()) : null]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </ChakraProvider>
  </StrictMode>,
);

void registerServiceWorker();
