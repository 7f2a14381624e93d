import { useMemo } from 'react';
import { Box } from '@chakra-ui/react';
import type { ControlType } from '@/contracts/online-dev';
import type { ModelField } from '@/contracts/online-dev-model';
import { controlFor } from '../../controls/registry';
import { emptyValue } from '../../form/form-values';
import { RenderBoundary } from './boundary';
import { ControlMock } from './control-mock';

/**
 * Controls the canvas draws with the renderer's own control (inert: the canvas is for arranging,
 * 预览 is for trying). The others — pickers that read the directory, uploads, rich text, related
 * records, calculations (the canvas shows the expression) — are drawn as a still picture.
 */
const REAL_ON_CANVAS: ReadonlySet<ControlType> = new Set<ControlType>(['comInput', 'textarea', 'numInput', 'switch', 'radio', 'checkbox', 'select', 'cascader', 'date', 'time', 'colorPicker', 'rate', 'slider']);

const noop = () => undefined;

/**
 * The error boundary's key: one number per field object, so a changed field (a new object: the tree
 * rewrites what changes and keeps the rest) gets a fresh try after a failed draw, without
 * serialising the field on every render.
 */
const boundaryKeys = new WeakMap<ModelField, number>();
let lastKey = 0;
function boundaryKey(field: ModelField): number {
  let key = boundaryKeys.get(field);
  if (key === undefined) {
    key = ++lastKey;
    boundaryKeys.set(field, key);
  }
  return key;
}

export function CanvasControl({ field, modelId }: { field: ModelField; modelId: string }) {
  const Control = REAL_ON_CANVAS.has(field.type) ? controlFor(field.type) : null;
  const value = useMemo(() => (field.defaultValue !== undefined ? field.defaultValue : emptyValue(field)), [field]);
  const mock = <ControlMock field={field} />;
  if (!Control) return mock;
  return (
    <Box inert pointerEvents="none" data-testid="od-canvas-control">
      <RenderBoundary key={boundaryKey(field)} fallback={mock}>
        <Control field={field} value={value} onChange={noop} mode="form" modelId={modelId} />
      </RenderBoundary>
    </Box>
  );
}
