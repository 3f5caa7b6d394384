import { useRef } from 'react';
import type { FeedOutfit } from '../../../../contracts/feed';
import { formatCents } from '../../../../contracts/money';
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
  onOpen,
}: {
  item: OutfitItem;
  hearted: boolean;
  eager: boolean;
  onToggleHeart?: ((item: OutfitItem) => void) | undefined;
  onOpen?: ((item: OutfitItem) => void) | undefined;
}) {
  // A press that moved is a swipe of the card, not a tap on the piece.
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  const body = (
    <>
      <img
        className={styles.picture}
        src={item.img}
        alt={onOpen ? '' : `${item.name}, ${item.color}`}
        width={240}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
      />
      <span className={styles.caption}>
        <span className={styles.pieceName}>{item.name}</span>
        <span className={styles.facts}>
          {item.slot === 'accessory' ? item.price : `${item.price} · ${item.color}`}
        </span>
      </span>
    </>
  );
  return (
    <div className={classNames(styles.piece, styles[item.slot])}>
      {onOpen ? (
        <button
          type="button"
          className={styles.open}
          aria-label={`View ${item.name}, ${item.color}, ${item.price}`}
          onPointerDown={(event) => {
            pressedAt.current = { x: event.clientX, y: event.clientY };
          }}
          onClick={(event) => {
            const from = pressedAt.current;
            pressedAt.current = null;
            if (
              from &&
              event.detail > 0 &&
              Math.hypot(event.clientX - from.x, event.clientY - from.y) > 8
            ) {
              return;
            }
            onOpen(item);
          }}
        >
          {body}
        </button>
      ) : (
        body
      )}
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

/** The id of a card's reason line, which describes the card to a screen reader. */
export const reasonId = (outfitId: number) => `outfit-reason-${outfitId}`;

/**
 * One outfit laid out as it is worn, with a heart on every piece: the coat and the top side by
 * side, then the bottom, the accessory (smaller) and the shoes, so the five pieces read as one.
 * Under the occasion, in one line, why the look is in the shopper's feed.
 */
export function OutfitCard({
  outfit,
  interactive,
  onToggleHeart,
  onOpenPiece,
  onShopLook,
}: {
  outfit: FeedOutfit;
  interactive: boolean;
  onToggleHeart?: (item: OutfitItem) => void;
  /** Opens a piece's product sheet when it is tapped. */
  onOpenPiece?: (item: OutfitItem) => void;
  /** Opens the look's sheet (a size for each piece) from the total. */
  onShopLook?: (() => void) | undefined;
}) {
  const hearted = new Set(outfit.heartedItemIds);
  const total = formatCents(outfit.items.reduce((sum, item) => sum + item.priceCents, 0));
  return (
    <div className={styles.card}>
      <div className={styles.heading}>
        <div className={styles.title}>
          <p className={styles.occasion}>{outfit.occasion}</p>
          <p id={reasonId(outfit.id)} className={styles.reason} data-reason={outfit.reason.kind}>
            {outfit.reason.text}
          </p>
          <h2 className={styles.name}>{outfit.name}</h2>
        </div>
        {onShopLook ? (
          <button
            type="button"
            className={classNames(styles.total, styles.shop)}
            aria-label={`Shop this look, ${total}`}
            aria-haspopup="dialog"
            onClick={() => onShopLook()}
          >
            <span className={styles.totalLabel}>Shop the look</span> {total}
          </button>
        ) : (
          <p className={styles.total}>
            <span className={styles.totalLabel}>The look</span> {total}
          </p>
        )}
      </div>
      <div className={styles.pieces}>
        {inLayoutOrder(outfit.items).map((item, i) => (
          <Piece
            key={item.slot}
            item={item}
            hearted={hearted.has(item.id)}
            eager={interactive || i < 2}
            onToggleHeart={interactive ? onToggleHeart : undefined}
            onOpen={interactive ? onOpenPiece : undefined}
          />
        ))}
      </div>
    </div>
  );
}
