import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// `findBy…` and `waitFor` give a screen five seconds rather than one: on a busy two-core machine
// a lazy page's first render can take longer, and a screen that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// An unexpected console.error (a React warning, a failed prop type) fails the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});
