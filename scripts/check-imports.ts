// npm run check:imports (part of `npm run check`): fails when the project's modules import each
// other in a circle (issue 22). Every static `import` and `export … from` between the project's
// own files counts, `import type` included: a circle of types still ties the modules together
// (neither can move or be read alone). A dynamic `import()` does not count: it is a lazy
// boundary, loaded after both sides exist.
//
// It also fails on an import across the engine's inner layers (ENGINE_LAYERS below): the
// network edge (transport, ingest) is not imported by the state (log, projections) or by the
// frames, and the projections import only events, the public types and each other.
//
// It fails on an upward import between the rooms of the server and of the UI (SERVER_LAYERS,
// UI_LAYERS below: each room has a rank, and a room imports only rooms of a lower rank or of its
// own), and on a circle between rooms anywhere (ADR 0047): under any folder, its children
// (folders and files) are its rooms, and two rooms that import each other, however deep the two
// files sit, stand on each other. Tests and testing/ folders are free.
//
// It fails on any import between two rooms of a folder whose rooms stand apart (APART below, issue
// 43): a screen folder (src/ui/screens/<a>/, its subfolders included) imports no other screen
// folder, in either direction, statically or through `import()`, tests included; what two
// screens share lives in a room below them (src/ui/kit/, src/ui/trading/).
//
// Prints each circle as one path through it (a → b → … → a) and each crossing, and exits 1;
// prints nothing and exits 0 when there is none.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const DIRS = ['src', 'server', 'tests', 'e2e', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'results']);
const EXTENSIONS = ['.ts', '.tsx'];

export type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The static import and re-export specifiers of one module. */
export function staticImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  return declaredImports(source);
}

/** Every specifier of one module: the static ones, then each `import('…')` of a literal. */
export function allImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const out = declaredImports(source);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first !== undefined && ts.isStringLiteralLike(first)) out.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function declaredImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const node of source.statements) {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      out.push(node.moduleSpecifier.text);
  }
  return out;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

export function importGraph(
  files: readonly string[],
  read: (f: string) => string,
  imports: (fileName: string, text: string) => string[] = staticImports,
): Graph {
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const specifier of imports(file, read(file))) {
      const target = resolveSpecifier(file, specifier);
      if (target !== null && known.has(target)) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components with more than one module, or a module importing itself. */
export function circles(graph: Graph): string[][] {
  const t = new Tarjan(graph);
  for (const node of [...graph.keys()].sort()) if (!t.index.has(node)) t.visit(node);
  return t.found;
}

/** Tarjan's algorithm, iterative: a long import chain would exhaust the call stack. */
class Tarjan {
  readonly index = new Map<string, number>();
  readonly found: string[][] = [];
  private readonly low = new Map<string, number>();
  private readonly stack: string[] = [];
  private readonly onStack = new Set<string>();
  private readonly work: Array<{ node: string; edges: Iterator<string> }> = [];
  private next = 0;

  constructor(private readonly graph: Graph) {}

  visit(start: string): void {
    this.enter(start);
    for (let top = this.work.at(-1); top !== undefined; top = this.work.at(-1)) {
      const step = top.edges.next();
      if (step.done === true) this.leave(top.node);
      else if (!this.index.has(step.value)) this.enter(step.value);
      else if (this.onStack.has(step.value)) this.lower(top.node, this.index.get(step.value));
    }
  }

  private enter(node: string): void {
    this.index.set(node, this.next);
    this.low.set(node, this.next);
    this.next += 1;
    this.stack.push(node);
    this.onStack.add(node);
    this.work.push({ node, edges: (this.graph.get(node) ?? new Set<string>()).values() });
  }

  private lower(node: string, to: number | undefined): void {
    this.low.set(node, Math.min(this.low.get(node) ?? 0, to ?? 0));
  }

  private leave(node: string): void {
    this.work.pop();
    const parent = this.work.at(-1);
    if (parent !== undefined) this.lower(parent.node, this.low.get(node));
    if (this.low.get(node) !== this.index.get(node)) return;
    const component: string[] = [];
    for (let top = this.stack.pop(); top !== undefined; top = this.stack.pop()) {
      this.onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    const self = this.graph.get(node)?.has(node) ?? false;
    if (component.length > 1 || self) this.found.push(component.sort());
  }
}

/** One path around a circle: from its first module back to it, inside the component. */
export function pathAround(graph: Graph, component: readonly string[]): string[] {
  const inside = new Set(component);
  const start = component[0] ?? '';
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/**
 * The engine's inner layers (src/engine/…, product code: tests and testing/ are free): for each
 * layer, the layers it must not import. The data flows transport → ingest → log/state →
 * projections → frames; the vocabulary every layer may use is `events.ts`, `api.ts`,
 * `services.ts` and src/shared.
 */
export const ENGINE_LAYERS: Readonly<Record<string, readonly string[]>> = {
  transport: ['ingest', 'log', 'projections', 'frames', 'commands', 'replay', 'store'],
  ingest: ['log', 'projections', 'frames', 'commands', 'replay', 'store'],
  log: ['transport', 'ingest', 'projections', 'frames', 'commands', 'replay'],
  projections: ['transport', 'ingest', 'log', 'frames', 'commands', 'replay', 'store'],
  frames: ['transport', 'ingest', 'log', 'commands', 'replay'],
};

/** The engine layer of a path relative to the root ('store' for store.ts), or null. */
export function engineLayer(path: string): string | null {
  const m = /^src\/engine\/([^/]+)/.exec(slashed(path));
  if (m === null) return null;
  const top = m[1] ?? '';
  return top.endsWith('.ts') ? top.slice(0, -3) : top;
}

const isTestCode = (path: string): boolean =>
  /\.test\.tsx?$/.test(path) || path.includes('/testing/');

/** Imports that cross the engine's layers the wrong way, as [from, to] paths. */
export function layerCrossings(graph: Graph, name: (f: string) => string): [string, string][] {
  const out: [string, string][] = [];
  for (const [file, edges] of graph) {
    const from = name(file);
    const layer = engineLayer(from);
    const banned = layer === null || isTestCode(from) ? undefined : ENGINE_LAYERS[layer];
    if (banned === undefined) continue;
    for (const target of edges) {
      const to = engineLayer(name(target));
      if (to !== null && to !== layer && banned.includes(to)) out.push([from, name(target)]);
    }
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

/**
 * The server's rooms, lowest first: a room imports only the rooms of its own rank or below.
 * The base holds the configuration, storage, the messages and the context's ports (a leaf); the
 * edge the HTTP toolkit, the job runner and the cluster's leases; then the services every flow uses (sessions and
 * users, the notification outbox, uploads, the socket hub); the money and the market; the
 * products; the operator's rooms and the seed; the composition root (app.ts, main.ts).
 */
export const SERVER_LAYERS: readonly (readonly string[])[] = [
  ['config.ts', 'context.ts', 'db', 'i18n', 'kernel'],
  ['http', 'jobs', 'cluster'],
  ['accounts', 'notify', 'uploads', 'socket'],
  ['wallet', 'market', 'identity'],
  ['trading', 'c2c', 'lever', 'micro', 'earn', 'lending', 'presale', 'acceptors', 'news', 'alerts'],
  ['admin', 'misc', 'seed'],
  ['app.ts', 'main.ts'],
];

/**
 * The UI's rooms, lowest first: the bridge to the engine and the page's own stores; the
 * messages; the parts every screen uses; what several screens share (the kit: form field and
 * hook, account shell, record lists, account queries; the trading widgets: book, trades, chart,
 * market list, pair stats, the phone layout); the features laid over the screens (hotkeys, the
 * notices, the flight recorder's offer, "at this moment"); the screens;
 * the shell that lays them out and routes to them.
 */
export const UI_LAYERS: readonly (readonly string[])[] = [
  [
    'engine-bridge',
    'storage.ts',
    'route-paths.ts',
    'theme.ts',
    'workspace.ts',
    'session',
    'announce',
  ],
  ['i18n'],
  ['components', 'forms', 'toast'],
  ['kit', 'trading'],
  ['hotkeys', 'notices', 'flight', 'moment'],
  ['screens'],
  ['layout', 'routes.tsx', 'app.tsx', 'main.tsx'],
];

/** Where ranked rooms live: the folder and its rooms, lowest first. */
export const RANKED: readonly { folder: string; layers: readonly (readonly string[])[] }[] = [
  { folder: 'server', layers: SERVER_LAYERS },
  { folder: 'src/ui', layers: UI_LAYERS },
];

/** The room of a path under `folder` (its first segment below it), or null. */
function roomOf(path: string, folder: string): string | null {
  const p = slashed(path);
  if (!p.startsWith(`${folder}/`)) return null;
  return p.slice(folder.length + 1).split('/')[0] ?? null;
}

/**
 * Imports from a room to a room of a higher rank, as [from, to] paths; and rooms the table does
 * not name (a new room is given its rank when it is made), as [path, ''].
 */
export function rankCrossings(
  graph: Graph,
  name: (f: string) => string,
  ranked: typeof RANKED = RANKED,
): [string, string][] {
  const out: [string, string][] = [];
  const unnamed = new Set<string>();
  for (const { folder, layers } of ranked) {
    const rank = new Map<string, number>();
    layers.forEach((rooms, i) => rooms.forEach((r) => rank.set(r, i)));
    for (const [file, edges] of graph) {
      const from = name(file);
      const room = roomOf(from, folder);
      if (room === null || isTestCode(from) || from.endsWith('.md')) continue;
      const r = rank.get(room);
      if (r === undefined) {
        unnamed.add(`${folder}/${room}`);
        continue;
      }
      for (const target of edges) {
        const to = name(target);
        const other = roomOf(to, folder);
        const t = other === null ? undefined : rank.get(other);
        if (t !== undefined && t > r) out.push([from, to]);
      }
    }
  }
  for (const room of unnamed) out.push([room, '']);
  return out.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

/**
 * Circles between rooms: for every folder, its children are its rooms, and an import between
 * two files under it (outside tests) is an arrow between the rooms holding them. Returns each
 * circle as the folder and its rooms.
 */
export function roomCircles(
  graph: Graph,
  name: (f: string) => string,
): { folder: string; rooms: string[] }[] {
  const byFolder = new Map<string, Graph>();
  for (const [file, edges] of graph) {
    const from = slashed(name(file));
    if (isTestCode(from)) continue;
    for (const target of edges) {
      const arrow = roomArrow(from, slashed(name(target)));
      if (arrow !== null) addArrow(byFolder, arrow);
    }
  }
  const out: { folder: string; rooms: string[] }[] = [];
  for (const [folder, rooms] of [...byFolder].sort((x, y) => x[0].localeCompare(y[0])))
    for (const c of circles(rooms)) out.push({ folder, rooms: pathAround(rooms, c) });
  return out;
}

/**
 * Folders whose rooms stand apart (issue 43): no room of one imports another room of the same
 * folder, in either direction, tests included (a test beside a screen is that screen's). What
 * two rooms share moves below them; `hint` says where.
 */
export const APART: readonly { folder: string; hint: string }[] = [
  {
    folder: 'src/ui/screens',
    hint: 'a screen folder imports no other screen folder: move what two screens share to src/ui/kit/ (generic parts) or src/ui/trading/ (the trading widgets)',
  },
];

/** Imports from one room of an APART folder into another room of it, as [from, to] paths. */
export function apartCrossings(
  graph: Graph,
  name: (f: string) => string,
  apart: typeof APART = APART,
): [string, string][] {
  const out: [string, string][] = [];
  for (const [file, edges] of graph) {
    const from = slashed(name(file));
    for (const { folder } of apart) {
      const room = roomOf(from, folder);
      if (room === null) continue;
      for (const target of edges) {
        const to = slashed(name(target));
        const other = roomOf(to, folder);
        if (other !== null && other !== room) out.push([from, to]);
      }
    }
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
}

const slashed = (path: string): string => path.split('\\').join('/');

/** The folder that holds both files, and the two rooms of it they sit in (null: one room). */
function roomArrow(from: string, to: string): { folder: string; a: string; b: string } | null {
  const a = from.split('/');
  const b = to.split('/');
  let i = 0;
  while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i += 1;
  const roomA = a[i] ?? '';
  const roomB = b[i] ?? '';
  return roomA === roomB ? null : { folder: a.slice(0, i).join('/'), a: roomA, b: roomB };
}

function addArrow(byFolder: Map<string, Graph>, arrow: { folder: string; a: string; b: string }) {
  const rooms = byFolder.get(arrow.folder) ?? new Map<string, Set<string>>();
  byFolder.set(arrow.folder, rooms);
  const set = rooms.get(arrow.a) ?? new Set<string>();
  rooms.set(arrow.a, set);
  set.add(arrow.b);
  if (!rooms.has(arrow.b)) rooms.set(arrow.b, new Set());
}

function main(): void {
  const files = DIRS.flatMap((d) => sourceFiles(join(ROOT, d)));
  const texts = new Map<string, string>();
  const read = (f: string): string => {
    const text = texts.get(f) ?? readFileSync(f, 'utf8');
    texts.set(f, text);
    return text;
  };
  const graph = importGraph(files, read);
  const found = circles(graph);
  const name = (f: string) => relative(ROOT, f);
  reportApart(files, read, name);
  const crossings = layerCrossings(graph, name);
  const upward = rankCrossings(graph, name);
  if (upward.length > 0) {
    process.stderr.write(`check:imports: ${upward.length} upward import(s) between rooms:\n`);
    for (const [from, to] of upward)
      process.stderr.write(
        to === ''
          ? `  ${from}: a room with no rank (scripts/check-imports.ts)\n`
          : `  ${from} → ${to}\n`,
      );
    process.exitCode = 1;
  }
  const roomLoops = roomCircles(graph, name);
  if (roomLoops.length > 0) {
    process.stderr.write(`check:imports: ${roomLoops.length} circle(s) between rooms:\n`);
    for (const { folder, rooms } of roomLoops)
      process.stderr.write(`  ${folder === '' ? '.' : folder}: ${rooms.join(' → ')}\n`);
    process.exitCode = 1;
  }
  if (crossings.length > 0) {
    process.stderr.write(
      `check:imports: ${crossings.length} import(s) across the engine's layers:\n`,
    );
    for (const [from, to] of crossings) process.stderr.write(`  ${from} → ${to}\n`);
    process.exitCode = 1;
  }
  if (found.length === 0) return;
  process.stderr.write(`check:imports: ${found.length} import circle(s):\n`);
  for (const component of found) {
    process.stderr.write(`  ${pathAround(graph, component).map(name).join(' → ')}\n`);
    if (component.length > 2)
      process.stderr.write(
        `    (${component.length} modules: ${component.map(name).join(', ')})\n`,
      );
  }
  process.exitCode = 1;
}

/** Prints the imports between rooms that stand apart (APART), dynamic ones included. */
function reportApart(
  files: readonly string[],
  read: (f: string) => string,
  name: (f: string) => string,
): void {
  for (const entry of APART) {
    const inside = files.filter((f) => slashed(name(f)).startsWith(`${entry.folder}/`));
    const crossings = apartCrossings(importGraph(inside, read, allImports), name, [entry]);
    if (crossings.length === 0) continue;
    process.stderr.write(
      `check:imports: ${crossings.length} import(s) between rooms of ${entry.folder}/ (${entry.hint}):\n`,
    );
    for (const [from, to] of crossings) process.stderr.write(`  ${from} → ${to}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename))
  main();
