// Every e2e spec takes `test` from e2e/fixtures.ts, whose rule closes the browser contexts a test
// opened itself: one spec importing Playwright's own `test` would leave its pages running the
// live market for the rest of the run.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('every e2e spec imports the project’s test fixtures, never Playwright’s directly', () => {
  const specs = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(30);
  const direct = specs.filter((f) =>
    readFileSync(`e2e/${f}`, 'utf8').includes("'@playwright/test'"),
  );
  const without = specs.filter(
    (f) => !readFileSync(`e2e/${f}`, 'utf8').includes("from './fixtures.ts'"),
  );
  expect({ direct, without }).toEqual({ direct: [], without: [] });
});
