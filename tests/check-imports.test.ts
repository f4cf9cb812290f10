// scripts/check-imports.ts: what counts as an import circle (issue 22). Static imports and
// re-exports count, type-only ones too; a dynamic import() does not.
import { describe, expect, it } from 'vitest';
import {
  circles,
  engineLayer,
  importGraph,
  layerCrossings,
  pathAround,
  staticImports,
} from '../scripts/check-imports.ts';

describe('check-imports', () => {
  it('reads static imports, type-only imports and re-exports, not dynamic import()', () => {
    const text = `
      import { a } from './a.ts';
      import type { B } from './b.ts';
      export { c } from './c.ts';
      export * from './d.ts';
      import 'side-effect';
      const lazy = () => import('./lazy.ts');
    `;
    expect(staticImports('x.ts', text)).toEqual([
      './a.ts',
      './b.ts',
      './c.ts',
      './d.ts',
      'side-effect',
    ]);
  });

  it('finds a circle of three modules and names one path around it', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    const found = circles(graph);
    expect(found).toEqual([['a', 'b', 'c']]);
    expect(pathAround(graph, found[0] ?? [])).toEqual(['a', 'b', 'c', 'a']);
  });

  it('finds a module that imports itself, and nothing in a tree', () => {
    expect(circles(new Map([['a', new Set(['a'])]]))).toEqual([['a']]);
    const tree = new Map([
      ['a', new Set(['b', 'c'])],
      ['b', new Set(['c'])],
      ['c', new Set<string>()],
    ]);
    expect(circles(tree)).toEqual([]);
  });

  it('builds the graph from files, resolving relative specifiers to files that exist', () => {
    const files = [`${import.meta.dirname}/check-imports.test.ts`];
    const graph = importGraph(files, () => `import { x } from './check-imports.test.ts';`);
    expect(circles(graph)).toEqual([files]);
  });

  it("names the engine's layers and refuses a projection that imports the network edge", () => {
    expect(engineLayer('src/engine/projections/book/book.ts')).toBe('projections');
    expect(engineLayer('src/engine/store.ts')).toBe('store');
    expect(engineLayer('src/ui/app.tsx')).toBeNull();
    const graph = new Map([
      [
        'src/engine/projections/trades.ts',
        new Set(['src/engine/ingest/fast.ts', 'src/engine/events.ts']),
      ],
      [
        'src/engine/frames/marks.ts',
        new Set(['src/engine/projections/registry.ts', 'src/engine/store.ts']),
      ],
      ['src/engine/ingest/fast.ts', new Set(['src/engine/events.ts'])],
      // tests may reach anywhere
      ['src/engine/projections/trades.test.ts', new Set(['src/engine/ingest/fast.ts'])],
    ]);
    expect(layerCrossings(graph, (f) => f)).toEqual([
      ['src/engine/projections/trades.ts', 'src/engine/ingest/fast.ts'],
    ]);
  });
});
