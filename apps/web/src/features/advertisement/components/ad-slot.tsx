import type { CSSProperties } from 'react';
import { AdSlotView } from '@wenku/ui';
import type { AdvertisementPosition } from '@wenku/contracts/enums';
import type { TAdvertisement } from '@wenku/contracts/schemas';
import { useGlobalAds, useIsAdFree } from '../api';

export interface AdSlotProps {
  position: AdvertisementPosition;
  /** ads the page fetched for its own positions; global positions use the startup query */
  ads?: readonly TAdvertisement[];
  className?: string;
  style?: CSSProperties;
}

/** The HTML advertisements of one position; nothing at all for VIP users. */
export function AdSlot({ position, ads, className, style }: AdSlotProps) {
  const adFree = useIsAdFree();
  const global = useGlobalAds();
  if (adFree) return null;
  const source = ads ?? (position.startsWith('global_') ? global.data : undefined);
  return <AdSlotView position={position} ads={source} className={className} style={style} />;
}
