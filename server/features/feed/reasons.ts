import type { FeedReason } from '../../../contracts/feed';
import type { Outfit } from '../../../contracts/outfit';
import type { PlacedBy } from './ranking';

/**
 * What placed a queued outfit, kept beside it in `feed_queue.reason` (0031): the ranking's
 * signal, or for a card placed by no taste what was true of the outfit when it was ranked (added
 * in the last week, or liked by many). Names are not kept: the card holds them.
 */
export type QueuedReason =
  | Extract<PlacedBy, { kind: 'occasion' | 'piece' }>
  | { kind: 'new' | 'popular' | 'explore' | 'start' };

/** An outfit counts as popular once this many shoppers liked it, more than rejected it. */
export const POPULAR = { likes: 3 } as const;

/**
 * The reason kept for a ranked outfit: the taste that placed it, or, for one placed to explore
 * (or for a shopper with no signal yet), what is true of the outfit itself.
 */
export function queuedReason(
  placed: PlacedBy | undefined,
  outfit: { fresh: boolean; popular: boolean },
  learning: boolean,
): QueuedReason {
  if (placed?.kind === 'piece' || (placed?.kind === 'occasion' && placed.likes > 0)) return placed;
  if (outfit.fresh) return { kind: 'new' };
  if (outfit.popular) return { kind: 'popular' };
  return { kind: learning ? 'explore' : 'start' };
}

/** "Black Ankle Boots", unless the name already says its colour. */
function pieceName(item: Outfit['items'][number]): string {
  const name = item.name;
  return name.toLowerCase().includes(item.color.toLowerCase()) ? name : `${item.color} ${name}`;
}

/**
 * The card's line, composed here alone from the kept reason and the card's own names. A piece
 * the card no longer holds leaves only the occasion, which is always true.
 */
export function reasonText(reason: QueuedReason, outfit: Outfit): FeedReason {
  const occasion = outfit.occasion;
  switch (reason.kind) {
    case 'occasion':
      return {
        kind: 'occasion',
        text: `You liked ${reason.likes} ${occasion} ${reason.likes === 1 ? 'look' : 'looks'}`,
      };
    case 'piece': {
      const item = outfit.items.find((i) => i.id === reason.itemId);
      if (!item) break;
      if (reason.hearted) {
        return { kind: 'hearted-piece', text: `${pieceName(item)}, like the one you hearted` };
      }
      const text =
        reason.match === 'item'
          ? `${pieceName(item)}, from a look you liked`
          : reason.match === 'product'
            ? `${item.name}, as in a look you liked`
            : reason.match === 'color'
              ? `${item.color}, a colour you liked`
              : `${pieceName(item)}, like what you liked`;
      return { kind: 'liked-piece', text };
    }
    case 'new':
      return { kind: 'new', text: 'New this week' };
    case 'popular':
      return { kind: 'popular', text: `Popular in ${occasion}` };
    case 'explore':
      return { kind: 'explore', text: `Something different: a ${occasion} look` };
    case 'start':
      return { kind: 'start', text: `A ${occasion} look to start your feed` };
    default:
      break;
  }
  return { kind: 'explore', text: `From our ${occasion} looks` };
}

/** An outfit put back by an undo. */
export const UNDONE: FeedReason = { kind: 'undo', text: 'Back from your last swipe' };
