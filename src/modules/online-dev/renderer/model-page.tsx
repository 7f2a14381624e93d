import { Center, Spinner, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { PageCard } from '@/components/page-card';
import { useMenuRoute } from '@/lib/menu-route-context';
import { network } from '@/lib/network';
import { useModelConfig } from '../data/use-config';
import { useModelFormServices } from '../data/services';
import { FormServicesProvider } from '../form/services';
import { ModelList } from './model-list';

/**
 * Menu type 3 (spec 2.2 dynamic model): the model named by the entry's propertyJson.moduleId, its
 * list and form drawn from its Config (cached on this device, so the page opens offline).
 */
export function ModelPage() {
  const route = useMenuRoute();
  const modelId = route?.moduleId ?? '';
  const { data: config, error } = useModelConfig(modelId);
  const services = useModelFormServices(config);
  const online = useSnapshot(network).online;
  const title = route?.title ?? '';
  if (config === undefined || (config === null && online && !error)) {
    return (
      <Center py="10">
        <Spinner color="brand.solid" />
      </Center>
    );
  }
  if (!config || !services) {
    return (
      <PageCard title={title} testId="od-model-page">
        <Text color="fg.muted" data-testid="od-model-missing">
          {online ? <Trans>无法打开此功能：{error ?? ''}</Trans> : <Trans>离线：本机还没有此功能的数据，联网后打开一次即可离线使用。</Trans>}
        </Text>
      </PageCard>
    );
  }
  return (
    <FormServicesProvider services={services}>
      <ModelList config={config} title={title} />
    </FormServicesProvider>
  );
}
