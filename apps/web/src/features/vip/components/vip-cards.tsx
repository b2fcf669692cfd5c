import { CrownFilled } from '@ant-design/icons';
import type { TVipCard } from '@wenku/contracts/enums';
import { bestValueCard, formatPrice, pricePerDay, type VipCardInfo } from '../lib';
import '../vip.css';

/** The year, season and month cards with price, days and price per day; the best value is marked 推荐. */
export function VipCards({ cards, selected, onSelect }: { cards: readonly VipCardInfo[]; selected?: TVipCard; onSelect?: (card: TVipCard) => void }) {
  const best = bestValueCard(cards);
  return (
    <div className="wk-vip-cards" role={onSelect ? 'radiogroup' : undefined} aria-label="VIP会员卡">
      {cards.map((c) => {
        const active = selected === c.card;
        return (
          <button
            type="button"
            key={c.card}
            role={onSelect ? 'radio' : undefined}
            aria-checked={onSelect ? active : undefined}
            className={`wk-vip-card${active ? ' is-active' : ''}${onSelect ? '' : ' is-static'}`}
            onClick={() => onSelect?.(c.card)}
          >
            {best === c.card && <span className="wk-vip-card-tag">推荐</span>}
            <span className="wk-vip-card-title">
              <CrownFilled /> {c.title}
            </span>
            <span className="wk-vip-card-price">
              <small>¥</small>
              {formatPrice(c.price)}
            </span>
            <span className="wk-vip-card-days">{c.days} 天</span>
            <span className="wk-vip-card-per">约 ¥{pricePerDay(c.price, c.days)}/天</span>
          </button>
        );
      })}
    </div>
  );
}
