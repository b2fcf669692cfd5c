import { lazyWhenOpen } from '../../../lib/lazy-when-open';

/** The recharge dialog of the header and the phone drawer: its form loads the first time it opens. */
export const LazyRechargeModal = lazyWhenOpen(() => import('./recharge-modal').then((m) => m.RechargeModal));
