// Discounts as a stage of the app (src/app/stages.ts): the slice (its pages are other stages').
import type { Stage } from '../../client-core/stage.ts';
import { discountSlice } from './discountSlice.ts';

const slices = [discountSlice] as const;

export const discountStage: Stage<typeof slices> = {
  name: 'discount',
  slices,
  analytics: () => import('./analytics.ts'),
};
