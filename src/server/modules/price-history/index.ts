import type { AppInstance } from '../../types';
import { activityRoutes } from './activity.routes';
import { priceRoutes } from './price-history.routes';

/** A listing's history, public: its price chart and its activity list. */
export async function priceHistoryRoutes(app: AppInstance): Promise<void> {
  await app.register(priceRoutes);
  await app.register(activityRoutes);
}
