import { describe, expect, it } from 'vitest';
import { API_CONTRACTS, pathOf } from './api-contracts';
import { type ApiRoute, apiPaths, route } from './paths';

/** Every route in the table, functions called with a stand-in for each parameter. */
function routesOf(table: object): ApiRoute[] {
  return Object.values(table).flatMap((entry): ApiRoute[] => {
    if (typeof entry === 'function')
      return [entry(...Array.from({ length: entry.length }, () => 1))];
    if ('path' in entry && 'url' in entry) return [entry as ApiRoute];
    return routesOf(entry);
  });
}

describe('the API paths', () => {
  const paths = routesOf(apiPaths).map((r) => r.path);

  it('names each path once', () => {
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('names exactly the paths that have contracts', () => {
    expect([...paths].sort()).toEqual(Object.keys(API_CONTRACTS).sort());
  });

  it('fills in parameters, URL-encoded', () => {
    expect(apiPaths.cart.line(12).url).toBe('/api/cart/12');
    expect(apiPaths.closet.occasion('Date Night').url).toBe(
      '/api/closet/items/occasions/Date%20Night',
    );
    expect(route('/api/item/unfavorite/:itemId/:outfitId', { itemId: 3, outfitId: 40 })).toEqual({
      path: '/api/item/unfavorite/:itemId/:outfitId',
      url: '/api/item/unfavorite/3/40',
    });
  });
});

describe('pathOf', () => {
  it('finds the route a URL belongs to, by method', () => {
    expect(pathOf('GET', '/api/favorites/items/Tops?cursor=abc')).toBe(
      '/api/favorites/items/:category',
    );
    expect(pathOf('POST', '/api/favorites/items/increase')).toBe('/api/favorites/items/increase');
    expect(pathOf('GET', '/api/item/search?q=coat')).toBe('/api/item/search');
    expect(pathOf('GET', '/api/item/12/product')).toBe('/api/item/:itemId/product');
  });

  it('finds nothing for a method the path does not answer, or an unknown path', () => {
    expect(pathOf('DELETE', '/api/cart')).toBeUndefined();
    expect(pathOf('GET', '/api/nowhere')).toBeUndefined();
  });
});
