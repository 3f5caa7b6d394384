import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a bug the assertions did not catch: fail the test on it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${JSON.stringify(errors[0])}`);
});
