// scripts/check-imports.ts: what counts as an import circle (issue 22). Static imports and
// re-exports count, type-only ones too; a dynamic import() does not.
import { describe, expect, it } from 'vitest';
import {
  allImports,
  apartCrossings,
  circles,
  engineLayer,
  importGraph,
  layerCrossings,
  pathAround,
  rankCrossings,
  roomCircles,
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

  it('reads dynamic import() of a literal too, for the rooms that stand apart', () => {
    const text = `
      import { a } from './a.ts';
      const lazy = () => import('./lazy.ts');
      vi.mock('./mocked.ts');
    `;
    expect(allImports('x.ts', text)).toEqual(['./a.ts', './lazy.ts']);
  });

  it('refuses an import from one screen folder into another, either way, tests included', () => {
    const graph = new Map([
      // into another screen folder, from a subfolder, and from a test: refused
      ['src/ui/screens/lever/lever-screen.tsx', new Set(['src/ui/screens/spot/order-book.tsx'])],
      ['src/ui/screens/spot/chart/x.ts', new Set(['src/ui/screens/wallet/use-wallet.ts'])],
      ['src/ui/screens/account/a.test.ts', new Set(['src/ui/screens/wallet/use-wallet.ts'])],
      // inside one screen folder, or down into the kit and the trading widgets: allowed
      ['src/ui/screens/spot/spot-screen.tsx', new Set(['src/ui/screens/spot/chart/x.ts'])],
      [
        'src/ui/screens/micro/micro-screen.tsx',
        new Set(['src/ui/trading/market-list.tsx', 'src/ui/kit/field.tsx']),
      ],
      // the routes above the screens import them all
      ['src/ui/routes.tsx', new Set(['src/ui/screens/spot/spot-screen.tsx'])],
    ]);
    expect(apartCrossings(graph, (f) => f)).toEqual([
      ['src/ui/screens/account/a.test.ts', 'src/ui/screens/wallet/use-wallet.ts'],
      ['src/ui/screens/lever/lever-screen.tsx', 'src/ui/screens/spot/order-book.tsx'],
      ['src/ui/screens/spot/chart/x.ts', 'src/ui/screens/wallet/use-wallet.ts'],
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

  it('refuses an upward import between ranked rooms, and a room with no rank', () => {
    const ranked = [
      { folder: 'server', layers: [['context.ts', 'http'], ['wallet'], ['trading']] },
    ];
    const graph = new Map([
      // down, and sideways in one rank: allowed
      ['server/trading/routes.ts', new Set(['server/wallet/ledger.ts', 'server/http/auth.ts'])],
      ['server/http/auth.ts', new Set(['server/context.ts'])],
      // up: the context reaching a room that stands on it
      ['server/context.ts', new Set(['server/wallet/ledger.ts'])],
      // a test reaches anywhere
      ['server/http/auth.test.ts', new Set(['server/trading/routes.ts'])],
      ['server/wallet/ledger.ts', new Set<string>()],
      ['server/brand-new/x.ts', new Set<string>()],
    ]);
    expect(rankCrossings(graph, (f) => f, ranked)).toEqual([
      ['server/brand-new', ''],
      ['server/context.ts', 'server/wallet/ledger.ts'],
    ]);
  });

  it('finds two rooms that import each other, however deep the files, and no room in a tree', () => {
    const graph = new Map([
      ['src/ui/screens/account/center.tsx', new Set(['src/ui/screens/wallet/shell.tsx'])],
      ['src/ui/screens/wallet/deep/detail.tsx', new Set(['src/ui/screens/account/parts.tsx'])],
      ['src/ui/screens/account/parts.tsx', new Set<string>()],
      ['src/ui/screens/wallet/shell.tsx', new Set<string>()],
      // inside one room: not a circle between rooms
      ['src/ui/screens/spot/a.ts', new Set(['src/ui/screens/spot/b/c.ts'])],
      ['src/ui/screens/spot/b/c.ts', new Set<string>()],
    ]);
    expect(roomCircles(graph, (f) => f)).toEqual([
      { folder: 'src/ui/screens', rooms: ['account', 'wallet', 'account'] },
    ]);
    graph.delete('src/ui/screens/wallet/deep/detail.tsx');
    expect(roomCircles(graph, (f) => f)).toEqual([]);
  });
});
