/**
 * `npm run walk`: a shopper's long history built through a served shop's API, then every list the
 * shopper opens followed to its end (scripts/list-walk/walk.ts says what is checked). Exits 1 if
 * any list repeats or loses an entry, holds more than a page, or sends a page of 100 KB or more.
 *
 *   npm run walk -- [--url http://127.0.0.1:3000] [--likes 1000] [--hearts 300] [--orders 20]
 *   npm run walk -- --as dana:password   (an existing account's lists, nothing built)
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Built, buildHistory, report, type Send, walkAll } from './list-walk/walk';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    likes: { type: 'string', default: '1000' },
    hearts: { type: 'string', default: '300' },
    orders: { type: 'string', default: '20' },
    as: { type: 'string' },
  },
});

const base = values.url.replace(/\/$/, '');
let cookie = '';

const send: Send = async (method, path, body) => {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('drape_session='));
  if (session) cookie = session.split(';')[0]!;
  return { status: res.status, body: await res.text() };
};

async function signIn(username: string, password: string, register: boolean) {
  if (register) {
    const made = await send('POST', '/api/user/register', { username, password });
    if (made.status !== 201) throw new Error(`could not register: ${made.status} ${made.body}`);
  }
  const login = await send('POST', '/api/user/login', { username, password });
  if (login.status !== 200) throw new Error(`could not sign in: ${login.status} ${login.body}`);
}

const count = (name: 'likes' | 'hearts' | 'orders') => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};

let built: Built | undefined;
const started = Date.now();
if (values.as) {
  const [username, ...rest] = values.as.split(':');
  await signIn(username!, rest.join(':'), false);
  console.info(`walking ${username}'s lists on ${base}`);
} else {
  const username = `walker${Date.now().toString(36)}`;
  await signIn(username, randomBytes(12).toString('base64url'), true);
  const wanted = { likes: count('likes'), hearts: count('hearts'), orders: count('orders') };
  built = await buildHistory(send, wanted);
  console.info(
    `${username} on ${base}: ${built.likes} outfits liked, ${built.hearts} pieces hearted, ` +
      `${built.orders} outfits bought (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (built.likes < wanted.likes || built.orders < wanted.orders) {
    console.info('the feed or the stock ran out before the history asked for was built');
  }
}

const walked = await walkAll(send, built);
console.info(report(walked));
const failed = walked.filter((w) => w.problems.length > 0);
console.info(
  failed.length === 0
    ? `every list whole: ${walked.length} lists, ${walked.reduce((n, w) => n + w.pages, 0)} pages`
    : `${failed.length} of ${walked.length} lists not whole`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
