import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { PickImage } from '../../elements/image-control';

/** The library dialog, loaded when first opened. */
const ImagePickerDialog = lazy(() => import('./image-picker-dialog').then((m) => ({ default: m.ImagePickerDialog })));

/**
 * The editor's image library for the property panel's image fields: `pick` (the fields'
 * `onPickImage`) opens the dialog, and the picked URL goes to the field that asked. Render
 * `dialog` once beside the panel.
 */
export function useImagePicker(): { pick: PickImage; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const apply = useRef<((url: string) => void) | null>(null);
  const pick = useCallback<PickImage>((fn) => {
    apply.current = fn;
    setOpen(true);
  }, []);
  const close = () => {
    apply.current = null;
    setOpen(false);
  };
  const dialog = open ? (
    <Suspense fallback={null}>
      <ImagePickerDialog onPick={(url) => apply.current?.(url)} onClose={close} />
    </Suspense>
  ) : null;
  return { pick, dialog };
}
