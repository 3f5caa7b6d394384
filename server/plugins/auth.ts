import { createHmac, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { sql as drizzleSql, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { servedOverHttps } from '../config';
import { ANNOUNCED } from '../db/announcements';
import { queryPrepared } from '../db/client';
import { sessions } from '../db/schema';
import { AnnouncedCache } from '../lib/announced-cache';
import { forbidden, unauthorized } from '../lib/errors';

export const SESSION_COOKIE = 'drape_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding expiry is pushed forward at most this often, so reads stay reads. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;
/** Sessions that have ended are deleted as sign-ins come, at most this often per process. */
const SWEEP_EVERY_MS = 60 * 1000;
const SWEEP_BATCH = 1000;

interface CachedSession {
  user: SessionUser;
  /** When the session ends, as the database said when it was looked up (ms since epoch). */
  expiresAt: number;
}

export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route ends the session the cookie names (sign-out): nothing to look up first. */
    endsSession?: boolean;
  }
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, userId: number): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
    /**
     * Route `onRequest` hook: 401 unless signed in. onRequest (not preHandler) so a visitor is
     * turned away before the body or parameters are parsed and validated.
     */
    requireUser(request: FastifyRequest): Promise<void>;
    /** Route `onRequest` hook: 401 for visitors, 403 for shoppers, before any validation. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

/** The signed-in user; only call after requireUser or requireAdmin ran. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Sessions are opaque random tokens in an httpOnly cookie. The database keeps only an HMAC of
 * each token, so a copy of the sessions table cannot be replayed as cookies, and every app
 * process that shares the database shares the sessions.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    const { db, sql } = app.database;
    const secure = servedOverHttps(app.config);
    const hash = (token: string) =>
      createHmac('sha256', app.config.sessionSecret).update(token).digest('base64url');

    await app.register(cookie);

    // Sessions just checked, so a shopper's burst of requests costs one lookup, not one each.
    const cache = await AnnouncedCache.open<CachedSession>(app.database, {
      on: ANNOUNCED.session,
      ttlMs: app.config.cacheSeconds * 1000,
      maxEntries: 50_000,
    });
    app.addHook('onClose', () => cache.close());

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
    };

    app.decorateRequest('user', null);

    /** The cookie's session token, or undefined when it sends none Drape could have handed out. */
    const tokenOf = (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      return token === undefined || token.length === 0 || token.length > 100 ? undefined : token;
    };

    // Without it, every sign-in nobody signed out of would stay a row for good. A batch at a
    // time (each deleted row announces itself to every process), after the sign-in's answer.
    let lastSweep = 0;
    function sweepEnded() {
      if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = Date.now();
      const ended = db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(lt(sessions.expiresAt, drizzleSql`now()`))
        .limit(SWEEP_BATCH);
      db.delete(sessions)
        .where(inArray(sessions.tokenHash, ended))
        .catch((error: unknown) => app.log.warn({ err: error }, 'ended sessions not swept'));
    }

    app.decorate('sessions', {
      async start(reply: FastifyReply, userId: number) {
        const token = randomBytes(32).toString('base64url');
        const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
        await db.insert(sessions).values({ tokenHash: hash(token), userId, expiresAt });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
        sweepEnded();
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        const token = tokenOf(request);
        if (token !== undefined) {
          const tokenHash = hash(token);
          cache.forget(tokenHash);
          await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        }
        request.user = null;
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      if (!request.user.isAdmin) throw forbidden('Only administrators can do that.');
    });

    app.addHook('onRequest', async (request, reply) => {
      // Health checks need no identity, and must answer for themselves when the database is
      // down rather than fail here looking up a cookie a browser happened to send.
      if (!request.url.startsWith('/api/') || /^\/api\/health(\/|\?|$)/.test(request.url)) return;
      if (request.routeOptions.config.endsSession) return;
      if (request.cookies[SESSION_COOKIE] === undefined) return;
      const token = tokenOf(request);
      if (token === undefined) {
        // Not a token Drape ever hands out: not worth a lookup, and the browser should drop it.
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return;
      }
      const tokenHash = hash(token);
      // Read before anything of this session is read, so a sign-out announced meanwhile wins.
      const since = cache.changes;
      const cached = cache.get(tokenHash);
      const session =
        cached && cached.expiresAt > Date.now() ? cached : await lookUp(tokenHash, since);
      if (!session) {
        // Expired, revoked or forged: forget it so the browser stops sending it.
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return;
      }
      if (session.expiresAt - Date.now() < SESSION_TTL_MS - REFRESH_AFTER_MS) {
        const next = Date.now() + SESSION_TTL_MS;
        const slid = await db
          .update(sessions)
          .set({ expiresAt: new Date(next) })
          .where(eq(sessions.tokenHash, tokenHash))
          .returning({ userId: sessions.userId });
        if (slid.length === 0) {
          // Signed out since it was read: the request is anonymous, and the copy goes.
          cache.forget(tokenHash);
          reply.clearCookie(SESSION_COOKIE, cookieOptions);
          return;
        }
        cache.set(tokenHash, { ...session, expiresAt: next }, since);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: new Date(next) });
      }
      request.user = { ...session.user };
    });

    async function lookUp(tokenHash: string, since: number) {
      const rows = await queryPrepared<{
        id: number;
        username: string;
        is_admin: boolean;
        expires_at: Date;
      }>(
        sql,
        'session_user',
        drizzleSql`SELECT u.id, u.username, u.is_admin, s.expires_at
                     FROM sessions s JOIN users u ON u.id = s.user_id
                    WHERE s.token_hash = ${tokenHash} AND s.expires_at > now()`,
      );
      const row = rows[0];
      if (!row) return undefined;
      const session = {
        user: { id: row.id, username: row.username, isAdmin: row.is_admin },
        expiresAt: new Date(row.expires_at).getTime(),
      };
      cache.set(tokenHash, session, since);
      return session;
    }
  },
  { name: 'auth', dependencies: ['config', 'database', 'errors'] },
);
