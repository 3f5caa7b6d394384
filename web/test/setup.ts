import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { checkAnswersWith } from '../lib/api-client';
import { answerProblem } from '../lib/api-contracts';
import { contractProblems } from './render';

// The API client holds every answer to its route's contract, as in development.
checkAnswersWith(answerProblem);

// `findBy…` and `waitFor` give a screen five seconds rather than one: on a busy two-core machine
// a lazy page's first render can take longer, and a screen that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// A fake API answer that drifted from its contract fails the test that gave it. Registered
// first, so it runs after the other after-hooks (they run last-registered first) and a failure
// here never leaves a screen behind for the next test.
beforeEach(() => {
  contractProblems.length = 0;
});
afterEach(() => {
  const problems = contractProblems.splice(0);
  if (problems.length) throw new Error(`fake API answers off contract:\n${problems.join('\n')}`);
});

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
