import type { ReactNode } from 'react';

/**
 * Lingui's macros for the published-page runtime (vite.runtime.config.ts aliases
 * `@lingui/core/macro` and `@lingui/react/macro` here). The element renderers are written with
 * the macros, whose source texts are the Chinese (zh-CN) ones; a published page speaks zh-CN, so
 * the runtime renders those source texts as they are and carries neither Lingui nor a catalog.
 * The admin app and the unit tests keep the real macros.
 */

export interface Descriptor {
  id?: string;
  message?: string;
  values?: Record<string, unknown>;
}

/** `{name}` placeholders of a descriptor's message filled from its values. */
const fromDescriptor = (d: Descriptor) => (d.message ?? d.id ?? '').replace(/\{(\w+)\}/g, (m, k: string) => (d.values && k in d.values ? String(d.values[k]) : m));

/** t`…${x}…` (a tagged template) or t(descriptor): the source text with its values. */
export function t(strings: TemplateStringsArray | Descriptor, ...values: unknown[]): string {
  if (!Array.isArray(strings)) return fromDescriptor(strings as Descriptor);
  return (strings as TemplateStringsArray).reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
}

/** msg`…`: a descriptor holding the source text. */
export const msg = (strings: TemplateStringsArray | Descriptor, ...values: unknown[]): Descriptor => ({ message: t(strings, ...values) });
export const defineMessage = msg;

const i18n = { _: (d: Descriptor | string) => (typeof d === 'string' ? d : fromDescriptor(d)) };

export const useLingui = () => ({ t, i18n });

/** <Trans>…</Trans>: its children, which are the source text. */
export const Trans = ({ children }: { children?: ReactNode }) => children ?? null;
