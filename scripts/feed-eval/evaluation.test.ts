import { describe, expect, it } from 'vitest';
import { DEMO_SCALE, generateCatalog } from '../../server/db/seed/catalog';
import {
  AFTER_CHANGE,
  CHECKPOINTS,
  evaluate,
  fitAt,
  mean,
  newTasteAt,
  type ShopperRun,
  shopOf,
  sweep,
  type Taste,
  tastes,
} from './evaluation';

// The evaluation's key figures on the demo shop (`npm run feed:eval` prints them all), held to
// floors a little under what the ranking reaches today, so that a change which makes the feed
// learn less fails here. The demo shop has 48 outfits per occasion, so after twenty swipes a
// learned taste still has looks of its own to see (decision 005 has the figures).
const shop = shopOf('demo', generateCatalog({ scale: DEMO_SCALE }));
const runs = evaluate(shop, 3);
const list = tastes(shop);
const family = (name: Taste['family'], sessions: ShopperRun[][]) =>
  sessions.filter((_, t) => list[t]!.family === name);
const at = (name: Taste['family'], point: number, ranker: keyof typeof runs = 'feed') =>
  mean(family(name, runs[ranker]).map((sessions) => fitAt(sessions, point)));
/** The index of "after 20 swipes" among the evaluation's checkpoints. */
const AT_20 = CHECKPOINTS.indexOf(20);
const AFTER_10 = AFTER_CHANGE.indexOf(10);

describe('the feed, swiped by simulated shoppers on the demo shop', () => {
  it('learns a one-occasion taste within twenty swipes, far above a random order', () => {
    expect(at('occasion', 0)).toBeLessThan(0.3);
    expect(at('occasion', AT_20)).toBeGreaterThanOrEqual(0.76);
    expect(at('occasion', AT_20)).toBeGreaterThanOrEqual(2.8 * at('occasion', AT_20, 'random'));
  });

  it('learns colour-, garment- and two-occasion tastes', () => {
    expect(at('colour', AT_20)).toBeGreaterThanOrEqual(0.47);
    expect(at('kind', AT_20)).toBeGreaterThanOrEqual(0.68);
    expect(at('two occasions', AT_20)).toBeGreaterThanOrEqual(0.75);
  });

  it('follows a taste that changes, within ten swipes of the change', () => {
    const changing = family('changing', runs.feed);
    expect(mean(changing.map((sessions) => newTasteAt(sessions, AFTER_10)))).toBeGreaterThanOrEqual(
      0.45,
    );
  });

  it('keeps a look outside the taste on every page, and varies the page of one who likes nothing', () => {
    const pages = runs.feed.flat().flatMap((r) => [...r.curve, ...r.pages]);
    // An explored card is drawn from the looks the shopper's taste weighs least; now and then,
    // for a taste that many looks share (a third hold sneakers), both of a page's happen to fit.
    const fitting = pages.filter((p) => p.fit > 0);
    expect(fitting.filter((p) => p.outside).length).toBeGreaterThanOrEqual(0.98 * fitting.length);
    // Every page sent once the shopper has swiped holds a card placed for exploring, unless
    // stock took them: the ranking does not see it, and the check after it drops an outfit with
    // a piece sold out, so a page whose two explored cards were both sold out has none (one
    // page of 378 here).
    const learning = runs.feed.flat().flatMap((r) => r.pages.slice(1));
    expect(learning.length).toBeGreaterThan(100);
    expect(learning.filter((p) => p.explored < 1).length).toBeLessThanOrEqual(
      learning.length / 200,
    );
    const rejecting = family('none', runs.feed).flat();
    expect(mean(rejecting.flatMap((r) => r.curve.map((p) => p.occasions)))).toBeGreaterThanOrEqual(
      4,
    );
  });

  const swept = sweep(shop, 3);
  const changes = swept.filter((r) => r.taste.family === 'changing');
  const held = swept.filter((r) => r.taste.family !== 'changing');

  it('learns tastes it was not tuned on: most of every kind the catalogue can feed', () => {
    expect(held.length).toBeGreaterThan(40);
    // All 49 met their budget when this floor was set, the lowest at 50%.
    expect(held.filter((r) => r.met).length).toBeGreaterThanOrEqual(0.95 * held.length);
    expect(Math.min(...held.map((r) => r.figure))).toBeGreaterThanOrEqual(0.45);
  });

  it('follows every change from one occasion to another within ten swipes', () => {
    expect(changes).toHaveLength(20);
    // Each pair's figure is a mean of three sessions, each of which saw the new occasion on the
    // page that met the change, or did not: one pair can miss by chance, most cannot.
    expect(mean(changes.map((r) => r.figure))).toBeGreaterThanOrEqual(
      mean(changes.map((r) => r.budget)) * 1.2,
    );
    expect(changes.filter((r) => r.met).length).toBeGreaterThanOrEqual(14);
  });

  it('never serves an outfit swiped before or with a piece sold out', () => {
    expect(shop.soldOut.size).toBeGreaterThan(0);
    expect(runs.feed.flat().reduce((n, r) => n + r.violations, 0)).toBe(0);
  });

  it('says what placed each card', () => {
    const placed = new Map<string, number>();
    for (const r of runs.feed.flat()) {
      for (const [kind, n] of r.placedBy) placed.set(kind, (placed.get(kind) ?? 0) + n);
    }
    for (const kind of ['occasion', 'piece', 'explore', 'new']) {
      expect(placed.get(kind) ?? 0).toBeGreaterThan(0);
    }
  });
});
