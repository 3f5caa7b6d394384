import { formatCents } from '../../../../contracts/money';
import type { Outfit } from '../../../../contracts/outfit';
import { inLayoutOrder } from './outfit-card';
import styles from './outfit-pieces.module.css';

/**
 * The top card's five pieces written out beside it on wide screens: each name in full, its
 * colour, size and price, and what the whole outfit costs. Phones have no room beside the card
 * and do without it.
 */
export function OutfitPieces({ outfit }: { outfit: Outfit }) {
  const total = outfit.items.reduce((sum, item) => sum + item.priceCents, 0);
  return (
    <section aria-labelledby="outfit-pieces-title" className={styles.panel}>
      <h2 id="outfit-pieces-title" className={styles.title}>
        In this outfit
      </h2>
      <ul className={styles.list}>
        {inLayoutOrder(outfit.items).map((item) => (
          <li key={item.slot} className={styles.piece}>
            <img className={styles.thumb} src={item.img} alt="" width={48} height={60} />
            <span className={styles.text}>
              <span className={styles.name}>{item.name}</span>
              <span className={styles.facts}>
                {item.seller} · {item.color} · {item.size}
              </span>
            </span>
            <span className={styles.price}>{item.price}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>Outfit total</span>
        <strong>{formatCents(total)}</strong>
      </p>
    </section>
  );
}
