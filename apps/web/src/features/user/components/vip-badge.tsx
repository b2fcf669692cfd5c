import { CrownFilled } from '@ant-design/icons';
import { useSettings } from '../../settings/api';

/** Shown to VIP users when VIP is enabled (spec §1). */
export function VipBadge({ isVip }: { isVip: boolean | undefined }) {
  const { vip } = useSettings();
  if (!vip.enable || !isVip) return null;
  return (
    <span className="wk-vip-badge" title="VIP会员">
      {vip.icon ? <img src={vip.icon} alt="VIP" /> : <CrownFilled />}
      VIP
    </span>
  );
}
