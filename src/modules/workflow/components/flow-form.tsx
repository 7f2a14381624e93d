import { useMemo, type ReactNode } from 'react';
import { FormServicesProvider, useModelFormServices } from '@/modules/online-dev/public';

/**
 * A flow's form in online development's renderer: its controls' services (uploads kept on this
 * device when offline and naming the flow, files, options, relations, bill numbers) for the form's
 * model and flow.
 */
export function FlowFormServices({ modelId, flowId, children }: { modelId: string; flowId: string; children: ReactNode }) {
  const config = useMemo(() => ({ id: modelId }), [modelId]);
  const services = useModelFormServices(config, flowId);
  return services ? <FormServicesProvider services={services}>{children}</FormServicesProvider> : null;
}
