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

bootstrap();
await activateLocale(initialLocale());

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
