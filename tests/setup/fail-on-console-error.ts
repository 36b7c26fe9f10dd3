import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test is a failure: it is how React, libraries and our own code report what went wrong
// without throwing, and a green run must not hide it.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const first = errors[0]!.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    throw new Error(`console.error was called ${errors.length} time(s) during the test; first: ${first}`);
  }
});
