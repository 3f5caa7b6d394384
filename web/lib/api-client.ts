import type { z } from 'zod';
import { type ErrorCode, isApiErrorBody } from '../../contracts/errors';
import type { ApiContracts, ApiPath, Method } from './api-contracts';
import type { ApiRoute } from './paths';

/** A failed API call, carrying the server's error code and message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** A call's query string and abort signal. */
export interface CallOptions {
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  signal?: AbortSignal;
}

interface RequestOptions extends CallOptions {
  body?: unknown;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request(method: Method, route: ApiRoute, options: RequestOptions = {}) {
  let response: Response;
  try {
    response = await fetch(withQuery(route.url, options.query), {
      method,
      credentials: 'same-origin',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // No answer: the device is offline, or it is online and Drape's server did not answer.
    const message = navigator.onLine
      ? 'Drape could not be reached. Check your connection, then try again.'
      : 'You seem to be offline. Check your connection.';
    throw new ApiRequestError(0, 'network', message);
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    if (isApiErrorBody(data)) {
      const { code, message, fields } = data.error;
      throw new ApiRequestError(response.status, code, message, fields);
    }
    throw new ApiRequestError(response.status, 'internal', `Request failed (${response.status})`);
  }
  if (answerCheck) {
    const problem = (await answerCheck)(method, route.path, response.status, data);
    if (problem) {
      console.error(problem);
      throw new ApiRequestError(response.status, 'internal', problem);
    }
  }
  return data;
}

type AnswerCheck = (method: Method, path: ApiPath, status: number, body: unknown) => string | null;

let answerCheck: Promise<AnswerCheck> | undefined;

/**
 * Development and tests hold every answer to its route's contract (`answerProblem` of
 * `api-contracts.ts`): one off it fails the call loudly. Production builds never register it,
 * so the contracts stay out of the download.
 */
export function checkAnswersWith(check: AnswerCheck | Promise<AnswerCheck>) {
  answerCheck = Promise.resolve(check);
}

type Contract<P extends ApiPath, M extends Method> = M extends keyof ApiContracts[P]
  ? ApiContracts[P][M]
  : never;

/** The paths that answer a method. */
type PathsWith<M extends Method> = {
  [P in ApiPath]: M extends keyof ApiContracts[P] ? P : never;
}[ApiPath];

/** What a call answers: its route's response contract. */
export type ApiResponse<P extends ApiPath, M extends Method> =
  Contract<P, M> extends { response: infer S extends z.ZodType } ? z.output<S> : never;

/** What a call sends: its route's body contract, or nothing. */
export type ApiBody<P extends ApiPath, M extends Method> =
  Contract<P, M> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;

type BodyArgs<P extends ApiPath, M extends Method> =
  ApiBody<P, M> extends undefined
    ? [body?: undefined, options?: CallOptions]
    : [body: ApiBody<P, M>, options?: CallOptions];

function withBody<M extends 'POST' | 'PUT' | 'PATCH'>(method: M) {
  return <P extends PathsWith<M>>(route: ApiRoute<P>, ...[body, options]: BodyArgs<P, M>) =>
    request(method, route, { ...options, body }) as Promise<ApiResponse<P, M>>;
}

function withoutBody<M extends 'GET' | 'DELETE'>(method: M) {
  return <P extends PathsWith<M>>(route: ApiRoute<P>, options?: CallOptions) =>
    request(method, route, options) as Promise<ApiResponse<P, M>>;
}

/**
 * The one way the web app talks to the server. A call names its route (`apiPaths`), and its
 * body and answer are typed by that route's contracts (`api-contracts.ts`).
 */
export const api = {
  get: withoutBody('GET'),
  post: withBody('POST'),
  put: withBody('PUT'),
  patch: withBody('PATCH'),
  delete: withoutBody('DELETE'),
};
