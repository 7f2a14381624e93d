import { createRoot } from 'react-dom/client';
import '@/modules/h5/editor/animations.css';
import './runtime.css';
import { App } from './app';
import { readBoot } from './boot';
import { applyRem } from '@/modules/h5/view/layout';
import { SubmissionQueue } from '@/modules/h5/view/queue';

/**
 * The published-page runtime's entry (vite.runtime.config.ts → dist/p/, served at /p/{workId}).
 * Preact stands in for React (aliased), so the editor's element renderers draw the page in a
 * bundle a fraction of the admin app's. No service worker: in-app browsers of chat messengers
 * often have none, and a published page must work there.
 */
applyRem();
let frame = 0;
const onResize = () => {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(() => applyRem());
};
window.addEventListener('resize', onResize);
window.addEventListener('orientationchange', onResize);

const host = document.getElementById('app')!;
host.textContent = '';
createRoot(host).render(<App boot={readBoot(document)} queue={new SubmissionQueue()} />);
