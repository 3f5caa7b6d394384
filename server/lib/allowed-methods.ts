import type { RouteEntry } from '../app';

/** A route's URL pattern as a test of concrete paths: `:name` is one segment, `*` the rest. */
function matcherOf(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods the routes answer at a concrete path, for the `Allow` header of a 405: a path Drape
 * serves, asked with a method it does not take, is not a path that does not exist. HEAD goes with
 * every GET, as Fastify adds it.
 */
export function allowedMethods(routes: readonly RouteEntry[]): (path: string) => string[] {
  const matchers = routes.map((route) => ({ method: route.method, test: matcherOf(route.url) }));
  return (path) => {
    const methods = new Set<string>();
    for (const { method, test } of matchers) {
      if (!test.test(path)) continue;
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
    }
    return [...methods].sort();
  };
}
