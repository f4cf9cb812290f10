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

export function importGraph(files: readonly string[], read: (f: string) => string): Graph {
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const specifier of staticImports(file, read(file))) {
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
  log: ['transport', 'ingest', 'projections', 'frames', 'commands'],
  projections: ['transport', 'ingest', 'log', 'frames', 'commands', 'replay', 'store'],
  frames: ['transport', 'ingest', 'log', 'commands', 'replay'],
};

/** The engine layer of a path relative to the root ('store' for store.ts), or null. */
export function engineLayer(path: string): string | null {
  const m = /^src\/engine\/([^/]+)/.exec(path.split('\\').join('/'));
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

function main(): void {
  const files = DIRS.flatMap((d) => sourceFiles(join(ROOT, d)));
  const graph = importGraph(files, (f) => readFileSync(f, 'utf8'));
  const found = circles(graph);
  const name = (f: string) => relative(ROOT, f);
  const crossings = layerCrossings(graph, name);
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

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename))
  main();
