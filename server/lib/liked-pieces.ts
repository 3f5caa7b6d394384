import { type SQL, sql } from 'drizzle-orm';
import { type Db, withoutDiskWait } from '../db/client';

/**
 * A like's pieces follow from its outfit until the shopper changes one of them: its quantity,
 * colour or size, or a heart on it, given or taken away (0015_liked_pieces_follow_the_like.sql).
 * Before such a change they are written out as rows of item_favorites, dated when the outfit was
 * liked, and the like is marked as written; a piece hearted on the card keeps its own row. Nothing
 * happens for a like already written, a nope, or no swipe at all, so a caller may ask whenever it
 * is about to change a piece.
 */
export async function writeLikedPieces(db: Db, userId: number, outfitId: number): Promise<void> {
  // Before a change of the shopper's taste, and as durable as it (`withoutDiskWait`).
  await db.execute(writeOut(outfitId, sql`AND user_id = ${userId} AND ${withoutDiskWait}`));
}

/**
 * Writes out the pieces of every shopper's like of this outfit whose pieces follow from it, before
 * an administrator gives the outfit other pieces: a shopper keeps the pieces they liked.
 */
export async function writeEveryLikeOfOutfit(db: Db, outfitId: number): Promise<void> {
  await db.execute(writeOut(outfitId, sql``));
}

// The outfit is locked before the likes, the order in which deleting an outfit takes them (its
// rows cascade to the swipes) and a redesign does (it locks the outfit, then writes likes out).
function writeOut(outfitId: number, whose: SQL): SQL {
  return sql`
    WITH outfit AS (SELECT id FROM outfits WHERE id = ${outfitId} FOR KEY SHARE),
    liked AS (
      UPDATE swipes SET pieces_written = true
       WHERE outfit_id = (SELECT id FROM outfit) ${whose}
         AND direction = 'like' AND NOT pieces_written
      RETURNING user_id, created_at
    )
    INSERT INTO item_favorites (user_id, item_id, outfit_id, source, created_at)
    SELECT l.user_id, oi.item_id, oi.outfit_id, 'outfit', l.created_at
      FROM liked l CROSS JOIN outfit_items oi
     WHERE oi.outfit_id = ${outfitId}
     -- In the key order of the tallies each row moves (0045), as every writer of several rows.
     ORDER BY l.user_id, oi.category_id
    ON CONFLICT ON CONSTRAINT item_favorites_user_item_outfit_key DO NOTHING`;
}
