import type { z } from 'zod';
import { answerProblem, pathOf } from '../lib/api-contracts';

type Schema = z.ZodType;

/** A fixture parsed through its contract: what a test builds is what the API could send. */
export function fromContract<S extends Schema>(schema: S, value: z.input<S>): z.output<S> {
  return schema.parse(value);
}

/**
 * Checks a fake answer against the contract of its route (`web/lib/api-contracts.ts`; errors
 * against the API's error shape), so a fixture that drifts from what the API really sends fails
 * the test instead of testing a screen against a shape that never comes. Returns why it does not
 * fit, or null when it does.
 */
export function contractProblem(
  method: string,
  url: string,
  status: number,
  body: unknown,
): string | null {
  if (body === undefined) return null;
  const path = pathOf(method, url);
  if (!path) return `${method} ${url} has no contract in web/lib/api-contracts.ts`;
  return answerProblem(method, path, status, body);
}
