import { lazy, Suspense, type ComponentProps, type ComponentType, type JSX } from 'react';
import { Spinner } from '@chakra-ui/react';
import { withH5More } from '../catalog';

type Later = typeof import('./panels/later-panels');

/** One of the later tabs, loaded on first use, with a spinner meanwhile. */
function later<K extends keyof Later>(name: K) {
  const Lazy = lazy(() => withH5More(import('./panels/later-panels')).then((m) => ({ default: m[name] as ComponentType<ComponentProps<Later[K]>> })));
  return function LaterPanel(props: ComponentProps<Later[K]>) {
    return (
      <Suspense fallback={<Spinner size="sm" />}>
        <Lazy {...(props as object as ComponentProps<Later[K]> & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

export const AnimationPanel = later('AnimationPanel');
export const EventsPanel = later('EventsPanel');
export const ScriptsPanel = later('ScriptsPanel');
export const PageSettingsPanel = later('PageSettingsPanel');
export const PageList = later('PageList');
export const LayerTree = later('LayerTree');
export const PreferencesPanel = later('PreferencesPanel');
export const TemplatesPanel = later('TemplatesPanel');
