import type { FeedOutfit, FeedPage } from '../../../contracts/feed';
import { FeedPageSchema } from '../../../contracts/feed';
import { type Outfit, OutfitSchema } from '../../../contracts/outfit';
import type { Database } from '../../db/client';
import { AnnouncedCache, KeptReads } from '../../lib/announced-cache';
import { compileSerializer } from '../../lib/serializer';
import type { StockLevels } from '../../lib/stock-levels';
import { readOutfitCards } from './feed.repository';

/** Announced by the database when an outfit or its slots change (0009_change_notices.sql). */
const OUTFIT_CHANNEL = 'drape_outfit_changed';
/** Announced when items are added, removed, renamed or repriced (0010_catalogue_notices.sql). */
const CATALOGUE_CHANNEL = 'drape_catalogue_changed';

const writeOutfit = compileSerializer(OutfitSchema)!;
const writePage = compileSerializer(FeedPageSchema)!;

interface Card {
  outfit: Outfit;
  /**
   * The outfit as JSON, written once, without its closing brace, in pieces around each piece's
   * stock: `parts[0]` + the first piece's stock + `parts[1]` + … + `parts[5]`.
   */
  parts: string[];
}

/** Written where a piece's stock goes, then cut out: no text can hold it unescaped. */
const STOCK_MARK = '"stock":-1999999999';

function cardOf(outfit: Outfit): Card {
  const marked = {
    ...outfit,
    items: outfit.items.map((item) => ({ ...item, stock: -1999999999 })),
  };
  const parts = writeOutfit(marked).slice(0, -1).split(STOCK_MARK);
  return { outfit, parts };
}

/**
 * A feed card: the outfit with these pieces and hearts. Written out: Node 20's V8 builds
 * `{ ...outfit, heartedItemIds }` (a spread, then a key the outfit does not have) on a slow
 * path, about a microsecond each.
 */
export function feedOutfit(
  outfit: Outfit,
  items: Outfit['items'],
  heartedItemIds: number[],
): FeedOutfit {
  return {
    id: outfit.id,
    name: outfit.name,
    description: outfit.description,
    occasionId: outfit.occasionId,
    occasion: outfit.occasion,
    items,
    heartedItemIds,
  };
}

/** Feed outfits made from a kept card, with the JSON of all but stock and hearts written. */
const written = new WeakMap<FeedOutfit, string[]>();

/**
 * What a swipe card shows of an outfit: its name, story and five pieces. Every shopper's feed
 * shows the same cards, and they change only when an administrator redesigns an outfit, so
 * each process keeps the ones it showed lately, as objects and as JSON, until an outfit or the
 * catalogue is announced changed. Whether a card may be shown at all (swiped, sold out) is never
 * taken from here, nor is the pieces' stock: the feed writes the stock levels of the moment.
 */
export class OutfitCards extends KeptReads<Card> {
  /** The stock levels that the pieces of cards read here are also kept as. */
  #stock: StockLevels | undefined;

  /**
   * `stock`, when given, keeps the stock of the pieces of every card read: a card read is the
   * stock read the feed would make next.
   */
  static async open(
    database: Database,
    options: { ttlMs: number; stock?: StockLevels },
  ): Promise<OutfitCards> {
    const cache = await AnnouncedCache.open<Card, number>(database, {
      channel: OUTFIT_CHANNEL,
      key: Number,
      // A piece's name, price or picture is on every card that shows it.
      forgetAllOn: [CATALOGUE_CHANNEL],
      ttlMs: options.ttlMs,
      maxEntries: 20_000,
    });
    const cards = new OutfitCards(database.sql, cache);
    cards.#stock = options.stock;
    return cards;
  }

  /** The outfits of `ids` that exist, by id; the ones not kept are read in one go. */
  async get(ids: readonly number[]): Promise<Map<number, Outfit>> {
    const cards = await this.#cards(ids);
    return new Map([...cards].map(([id, card]) => [id, card.outfit]));
  }

  /**
   * The outfits of `ids` that exist, in that order, with the pieces the shopper hearted on each
   * (`hearted`, by outfit id) and each piece's stock of this moment (`stock`, by item id).
   * `writeFeedPage` writes them from their kept JSON.
   */
  async withHearts(
    ids: readonly number[],
    hearted: ReadonlyMap<number, readonly number[]>,
    stock: ReadonlyMap<number, number>,
  ): Promise<FeedOutfit[]> {
    const cards = await this.#cards(ids);
    return ids.flatMap((id) => {
      const card = cards.get(id);
      if (!card) return [];
      const items = card.outfit.items.map((item) => ({
        ...item,
        stock: stock.get(item.id) ?? item.stock,
      }));
      const outfit = feedOutfit(card.outfit, items, [...(hearted.get(id) ?? [])]);
      written.set(outfit, card.parts);
      return [outfit];
    });
  }

  /** Notes the announcements heard so far, before a read whose cards `keep` will take. */
  get changes(): { cards: number; stock: number } {
    return { cards: this.cache.changes, stock: this.#stock?.changes ?? 0 };
  }

  /**
   * Keeps the cards another read brought along (a shopper's queue brings its first page's),
   * and their pieces' stock. `since` is `changes` from before that read: an outfit or a
   * piece's stock announced meanwhile is not kept.
   */
  keep(outfits: readonly Outfit[], since: { cards: number; stock: number }): Map<number, Card> {
    const kept = new Map<number, Card>();
    for (const outfit of outfits) {
      const card = cardOf(outfit);
      this.cache.set(outfit.id, card, since.cards);
      this.#stock?.keep(outfit.items, since.stock);
      kept.set(outfit.id, card);
    }
    return kept;
  }

  async #load(ids: number[]): Promise<Map<number, Card>> {
    const since = this.changes;
    return this.keep(await readOutfitCards(this.client, ids), since);
  }

  async #cards(ids: readonly number[]): Promise<Map<number, Card>> {
    const found = new Map<number, Card>();
    const missing: number[] = [];
    const now = Date.now();
    for (const id of ids) {
      const kept = this.cache.get(id, now);
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    for (const [id, card] of await this.#load(missing)) found.set(id, card);
    return found;
  }
}

/**
 * The feed page's JSON, exactly as the serializer compiled from `FeedPageSchema` writes it, but
 * with each card's outfit copied from the JSON written when the card was kept: only the pieces'
 * stock, the hearts and the page's own fields are written per request. Outfits not made by `withHearts` are
 * written in full.
 */
export function writeFeedPage(page: FeedPage): string {
  const outfits = page.outfits.map((outfit) => {
    const parts = written.get(outfit);
    if (parts === undefined || parts.length !== outfit.items.length + 1) return null;
    let json = parts[0]!;
    outfit.items.forEach((item, i) => {
      json += `"stock":${Math.trunc(item.stock)}${parts[i + 1]}`;
    });
    return `${json},"heartedItemIds":[${outfit.heartedItemIds.map((id) => Math.trunc(id)).join(',')}]}`;
  });
  if (outfits.includes(null)) return writePage(page);
  return `{"outfits":[${outfits.join(',')}],"hasMore":${page.hasMore === true}}`;
}
