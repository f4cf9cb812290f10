// Node side of the lab page: builds it with Vite (once per process, into a temporary folder),
// serves it from a tiny static HTTP server on a free local port (IndexedDB needs an http
// origin) and opens it in Playwright's Chromium (/usr/bin/chromium, never a download).
// `openLab()` gives pages with `window.lab` ready (protocol.ts); `close()` stops the browser
// and the server.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import type { LabWindow } from './protocol.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu'];

const LAB_DIR = dirname(fileURLToPath(import.meta.url));

export interface LabOptions {
  /** Extra files served at the given absolute paths (e.g. '/events.json'). */
  files?: Record<string, string | Buffer>;
}

export interface PageOptions {
  deviceScaleFactor?: number;
  width?: number;
  height?: number;
}

export interface Lab {
  origin: string;
  /** A new browser context and page on the lab, with `window.lab` ready. */
  page(options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

export async function openLab(options: LabOptions = {}): Promise<Lab> {
  const dir = await buildLab();
  const server = await serve(dir, options.files ?? {});
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const b = await chromium
    .launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    .catch(async (error: unknown) => {
      await closeServer(server);
      throw error;
    });
  return {
    origin,
    async page(p = {}) {
      const context = await b.newContext({
        viewport: { width: p.width ?? 1280, height: p.height ?? 800 },
        deviceScaleFactor: p.deviceScaleFactor ?? 1,
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[lab page] ${error.message}`));
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => (window as LabWindow).lab !== undefined);
      return page;
    },
    async close() {
      await b.close();
      await closeServer(server);
    },
  };
}

// ---- build -----------------------------------------------------------------------------------

let built: Promise<string> | null = null;

/** Builds the lab once per process; the folder is removed when the process exits. */
export function buildLab(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bourse-lab-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    await build({
      configFile: join(LAB_DIR, 'vite.config.ts'),
      build: { outDir, emptyOutDir: true },
    });
    if (!existsSync(join(outDir, 'index.html'))) throw new Error('lab build wrote no index.html');
    return outDir;
  })();
  return built;
}

// ---- static server ---------------------------------------------------------------------------

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

function serve(dir: string, files: Record<string, string | Buffer>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://lab').pathname);
    const extra = files[path];
    const name = path === '/' ? '/index.html' : path;
    const file = normalize(join(dir, name));
    const body = extra ?? (file.startsWith(dir) && isFile(file) ? readFileSync(file) : undefined);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(name)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
