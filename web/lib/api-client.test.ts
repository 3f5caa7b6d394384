import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserSchema } from '../../contracts/user';
import { fromContract } from '../test/api-contracts';
import { ApiRequestError, api } from './api-client';
import { apiPaths } from './paths';

const shopper = fromContract(UserSchema, {
  id: 7,
  username: 'ada',
  firstName: 'Ada',
  lastName: null,
  email: 'ada@example.com',
  isAdmin: false,
});

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('returns the parsed body of a successful call', async () => {
    answer(200, shopper);
    await expect(api.get(apiPaths.user.me)).resolves.toEqual(shopper);
  });

  it('refuses an answer off its contract once checking is on (development and tests)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(200, { id: 7 });
    const error = await failure(api.get(apiPaths.user.me));
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/^GET \/api\/user \(200\) does not match its contract/);
    expect(logged).toHaveBeenCalledWith(error.message);
  });

  it("carries the server's error code, message and field problems", async () => {
    answer(400, {
      error: { code: 'validation_failed', message: 'Check the form', fields: { zip: 'too short' } },
    });
    const error = await failure(api.post(apiPaths.user.login, { username: 'ada', password: '' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Check the form');
    expect(error.fields).toEqual({ zip: 'too short' });
  });

  it('does not trust an error body of the wrong shape', async () => {
    for (const body of [
      { error: { code: 'made_up', message: 'x' } },
      { error: { code: 'conflict', message: 5 } },
      { error: { code: 'conflict', message: 'x', fields: { zip: 3 } } },
      { error: 'conflict' },
      'conflict',
      undefined,
    ]) {
      answer(502, body);
      const error = await failure(api.get(apiPaths.cart.cart));
      expect(error.code).toBe('internal');
      expect(error.message).toBe('Request failed (502)');
    }
  });

  it('says the shopper is offline, or that Drape did not answer, when a request gets no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const online = vi.spyOn(navigator, 'onLine', 'get');
    online.mockReturnValue(false);
    const offline = await failure(api.get(apiPaths.cart.cart));
    expect(offline.code).toBe('network');
    expect(offline.status).toBe(0);
    expect(offline.message).toBe('You seem to be offline. Check your connection.');
    // Online, yet no answer: the server is down or out of reach, which being offline would not say.
    online.mockReturnValue(true);
    const unreachable = await failure(api.get(apiPaths.cart.cart));
    expect(unreachable.code).toBe('network');
    expect(unreachable.message).toBe(
      'Drape could not be reached. Check your connection, then try again.',
    );
  });
});
