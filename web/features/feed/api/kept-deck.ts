import type { FeedOutfit, SwipeDirection } from '../../../../contracts/feed';
import { readKept, writeKept } from '../../../lib/offline/offline-db';

/**
 * The stack as the shopper left it, kept in IndexedDB: a page opened offline swipes on these
 * cards (their pictures are in the service worker's cache) instead of showing an error.
 * The version changes whenever a card needs a field that older kept cards lack.
 */
const VERSION = 2;

export interface KeptDeck {
  cards: FeedOutfit[];
  /** The latest swipes, newest last, so an undo offline can put the card back. */
  history: { outfit: FeedOutfit; direction: SwipeDirection }[];
  hasMore: boolean;
}

const keyOf = (userId: number) => `feed.deck.v${VERSION}.${userId}`;

const isCard = (value: unknown): value is FeedOutfit => {
  const v = value as Partial<FeedOutfit> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger(v.id) &&
    typeof v.name === 'string' &&
    Array.isArray(v.items) &&
    Array.isArray(v.heartedItemIds) &&
    typeof v.reason?.text === 'string'
  );
};

export async function readKeptDeck(userId: number): Promise<KeptDeck | undefined> {
  try {
    const kept = await readKept<KeptDeck>(keyOf(userId));
    if (!kept || !Array.isArray(kept.cards) || !Array.isArray(kept.history)) return undefined;
    return {
      cards: kept.cards.filter(isCard),
      history: kept.history.filter((h) => isCard(h?.outfit)),
      hasMore: kept.hasMore === true,
    };
  } catch {
    return undefined;
  }
}

export function keepDeck(userId: number, deck: KeptDeck): void {
  writeKept(keyOf(userId), deck).catch(() => {
    // Storage full or refused: the next visit offline shows the offline state instead.
  });
}
