import { defineModule } from '@/lib/module';
import { homeSummaryData } from './data';

/** The /home dashboard (a fixed route): its figures are cached and revalidated after a reconnect. */
export const homeModule = defineModule({
  name: 'home',
  datasets: [homeSummaryData],
});
