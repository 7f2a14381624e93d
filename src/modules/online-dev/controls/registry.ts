import type { ComponentType } from 'react';
import type { ControlType } from '@/contracts/online-dev';
import { baseControls } from './base-registry';
import { InputTableControl } from './input-table';
import type { ControlProps } from './types';

/** Every value control of a model form by its control type (JNPF key); layout items have none (the form lays them out). */
export const controlRegistry: Partial<Record<ControlType, ComponentType<ControlProps>>> = { ...baseControls, table: InputTableControl };

/** The control of a control type, or null for a layout item (or a type this renderer does not know). */
export const controlFor = (type: ControlType): ComponentType<ControlProps> | null => controlRegistry[type] ?? null;
