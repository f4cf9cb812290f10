// B12 (BUDGETS.md): the page's initial JavaScript, gzipped, and the route split.
//
// Builds the client as shipped (`vite build`, the project's config) into a temporary folder
// with the manifest on, then follows the manifest from the HTML entry through its static
// imports: those chunks are what the browser must load before the page runs. Their gzipped
// size (zlib, default level) is the B12 number. The route split is checked on the modules
// themselves (each chunk's source map lists them): neither the initial chunks nor the home
// route's chunks (what a first visit to `/` loads) may contain trading-screen code, and the
// spot screen must be a chunk of its own, reached only by a dynamic import.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Benchmark, BenchRow } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 250;
const HOME_SCREEN = 'src/ui/screens/home/home-screen.tsx';
const SPOT_SCREEN = 'src/ui/screens/spot/spot-screen.tsx';
/**
 * Source folders of trading screens and of the widgets they share (src/ui/trading/: book,
 * trades, chart and its paint worker): none of their modules may load on a first visit to `/`.
 */
const TRADING_DIRS = ['src/ui/screens/spot/', 'src/ui/trading/'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const bench: Benchmark = {
  name: 'bundle',
  ids: ['B12'],
  async run() {
    const outDir = mkdtempSync(join(os.tmpdir(), 'bourse-bundle-'));
    try {
      await promisify(execFile)(
        'npx',
        ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      );
      return rows(outDir);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
export default bench;

function rows(outDir: string): BenchRow[] {
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry === true);
  if (entryKey === undefined) throw new Error('the manifest has no entry');
  const initial = staticClosure(manifest, [entryKey]);
  const sizes = [...initial].map((k) => gzipKB(outDir, manifest[k]?.file ?? ''));
  const initialKB = sizes.reduce((a, b) => a + b, 0);
  const homeKey = HOME_SCREEN in manifest ? HOME_SCREEN : null;
  const firstVisit = staticClosure(manifest, homeKey === null ? [entryKey] : [entryKey, homeKey]);
  const trading = tradingModules(outDir, manifest, firstVisit);
  const spot = manifest[SPOT_SCREEN];
  const spotLazy = spot?.isDynamicEntry === true && !firstVisit.has(SPOT_SCREEN);
  const split = trading.length === 0 && spotLazy && homeKey !== null;
  const files = [...initial].map((k) => manifest[k]?.file ?? k);
  return [
    {
      id: 'B12',
      what: 'initial JavaScript of the page (HTML entry + static imports), gzipped',
      value: initialKB,
      unit: 'KB',
      budget: `≤ ${BUDGET_KB} KB gz`,
      peer: null,
      ratio: initialKB / BUDGET_KB,
      pass: initialKB <= BUDGET_KB,
      note: `${files.length} chunk(s): ${files.join(', ')}; ${workerNote(outDir)}; ${lazyNote(outDir, manifest, initial)}`,
    },
    {
      id: 'B12',
      what: 'route split: a first visit to / loads no trading-screen code',
      value: trading.length,
      unit: 'trading modules',
      budget: '0, and the spot screen only behind a dynamic import',
      peer: null,
      ratio: null,
      pass: split,
      note: split
        ? `entry + home route (${firstVisit.size} chunks) hold no module of ${TRADING_DIRS.join(', ')}; ${SPOT_SCREEN} is its own lazy chunk (${spot?.file ?? '?'})`
        : `trading modules on the first visit: ${trading.slice(0, 5).join(', ') || 'none'}; spot screen lazy: ${spotLazy}; home route chunk found: ${homeKey !== null}`,
    },
  ];
}

/** The chunks `keys` load before they run: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}

function gzipKB(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file))).length / 1000;
}

/** Modules of trading screens inside `chunks`, from the chunks' source maps. */
function tradingModules(outDir: string, manifest: Manifest, chunks: Set<string>): string[] {
  const found: string[] = [];
  for (const key of chunks) {
    const map = join(outDir, `${manifest[key]?.file ?? ''}.map`);
    if (!existsSync(map)) throw new Error(`no source map for ${key}: the split cannot be checked`);
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const s of sources) {
      const path = s.replace(/^(\.\.\/)+/, '');
      if (TRADING_DIRS.some((dir) => path.startsWith(dir))) found.push(path);
    }
  }
  return found;
}

/** The biggest chunks that load later (route screens, locales, the main-thread engine). */
function lazyNote(outDir: string, manifest: Manifest, initial: Set<string>): string {
  const lazy = Object.entries(manifest)
    .filter(([k, c]) => !initial.has(k) && c.file.endsWith('.js'))
    .map(([, c]) => ({ file: c.file, kb: gzipKB(outDir, c.file) }))
    .sort((a, b) => b.kb - a.kb)
    .slice(0, 3);
  return `largest lazy chunks: ${lazy.map((c) => `${c.file} ${c.kb.toFixed(1)} KB`).join(', ')}`;
}

/** The engine worker: fetched at start too, but it runs off the main thread (not counted). */
function workerNote(outDir: string): string {
  const workers = readdirSync(join(outDir, 'assets')).filter((f) => /^worker-.*\.js$/.test(f));
  const kb = workers.reduce((n, f) => n + gzipKB(outDir, join('assets', f)), 0);
  return `the engine worker (${workers.join(', ') || 'none found'}) ${kb.toFixed(1)} KB gz, loaded at start off the main thread, not counted`;
}
