import type { FeedOutfit } from '../../../../contracts/feed';
import type { OutfitItem } from '../../../../contracts/outfit';
import roundButton from '../../../components/round-button.module.css';
import { classNames } from '../../../lib/class-names';
import styles from './outfit-card.module.css';

/**
 * A heart drawn from two round lobes meeting in a point: outlined until the piece is hearted,
 * then filled (the stylesheet follows the button's `aria-pressed`).
 */
function Heart() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d="M12 20.6 3.46 12.04A5 5 0 0 1 12 8.5a5 5 0 0 1 8.54 3.54Z"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Piece({
  item,
  hearted,
  eager,
  onToggleHeart,
}: {
  item: OutfitItem;
  hearted: boolean;
  eager: boolean;
  onToggleHeart?: ((item: OutfitItem) => void) | undefined;
}) {
  const small = item.slot === 'accessory';
  return (
    <div className={classNames(styles.piece, styles[item.slot])}>
      <img
        className={styles.picture}
        src={item.img}
        alt={`${item.name}, ${item.color}`}
        width={240}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
      />
      <div className={styles.caption}>
        {!small && <p className={styles.pieceName}>{item.name}</p>}
        <p className={styles.facts}>{small ? item.price : `${item.price} · ${item.color}`}</p>
      </div>
      {onToggleHeart && (
        <button
          type="button"
          className={classNames(roundButton.round, styles.heart)}
          aria-label={`Favorite ${item.name}`}
          aria-pressed={hearted}
          title={`${item.name}, ${item.color}, ${item.price}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggleHeart(item);
          }}
          onPointerDownCapture={(event) => event.stopPropagation()}
        >
          <Heart />
        </button>
      )}
    </div>
  );
}

/** The pieces in the order the card lays them out, so tabbing follows what the eye sees. */
const LAYOUT_ORDER: readonly string[] = ['outerwear', 'top', 'bottom', 'accessory', 'footwear'];
export const inLayoutOrder = (items: readonly OutfitItem[]) =>
  [...items].sort((a, b) => LAYOUT_ORDER.indexOf(a.slot) - LAYOUT_ORDER.indexOf(b.slot));

/**
 * One outfit laid out as it is worn, with a heart on every piece: the coat and the top side by
 * side, then the bottom, the accessory (smaller) and the shoes, so the five pieces read as one.
 */
export function OutfitCard({
  outfit,
  interactive,
  onToggleHeart,
}: {
  outfit: FeedOutfit;
  interactive: boolean;
  onToggleHeart?: (item: OutfitItem) => void;
}) {
  const hearted = new Set(outfit.heartedItemIds);
  return (
    <div className={styles.card}>
      <div className={styles.heading}>
        <p className={styles.occasion}>{outfit.occasion}</p>
        <h2 className={styles.name}>{outfit.name}</h2>
      </div>
      <div className={styles.pieces}>
        {inLayoutOrder(outfit.items).map((item, i) => (
          <Piece
            key={item.slot}
            item={item}
            hearted={hearted.has(item.id)}
            eager={interactive || i < 2}
            onToggleHeart={interactive ? onToggleHeart : undefined}
          />
        ))}
      </div>
    </div>
  );
}
