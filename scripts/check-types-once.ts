// npm run check:types-once (part of `npm run check`): fails when one type name is declared on
// two sides: exported as an interface or a type alias on two of server/, src/engine/ and
// src/shared/ (the engine's copy of a shared type counts, as `AccountName` was). A type of the wire is declared once (src/shared, its
// wire declarations in src/shared/wire, ADR 0048) and imported by both sides; two different
// things on the two sides take two names (the server's integer candle is a TickBar, the
// engine's bar a Bar). Re-exports (`export type { X } from …`) are not declarations.
//
// STILL_TWICE lists the pairs that the rest of issue 42 declares once; it only shrinks: a name
// in it that is no longer declared twice fails too, so that it is taken out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SIDES = ['server', 'src/engine', 'src/shared'];

export const STILL_TWICE: readonly string[] = [];

function productFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'testing' && name !== 'node_modules') productFiles(path, out);
    } else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The exported interfaces and type aliases of a module's text. */
export function declaredTypes(text: string): string[] {
  return [...text.matchAll(/^export\s+(?:interface|type)\s+([A-Za-z_$][\w$]*)/gm)].map(
    (m) => m[1] ?? '',
  );
}

/** The side a module is on: the server, the engine or the shared code. */
const sideOf = (path: string): string => SIDES.find((s) => path.startsWith(`${s}/`)) ?? path;

/**
 * Names declared on two sides (the server, the engine, the shared code: a type the engine
 * declares again beside the shared one is a copy too), with the files declaring them.
 */
export function typesDefinedTwice(modules: ReadonlyMap<string, string>): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [path, text] of modules)
    for (const name of declaredTypes(text)) where.set(name, [...(where.get(name) ?? []), path]);
  const out = new Map<string, string[]>();
  for (const [name, paths] of where)
    if (new Set(paths.map(sideOf)).size > 1) out.set(name, paths.sort());
  return out;
}

/** What fails: a pair not in `still`, and a name of `still` that is no longer a pair. */
export function typeProblems(
  twice: ReadonlyMap<string, string[]>,
  still: readonly string[] = STILL_TWICE,
): string[] {
  const out: string[] = [];
  for (const [name, paths] of [...twice].sort((a, b) => a[0].localeCompare(b[0])))
    if (!still.includes(name)) out.push(`${name} is declared twice: ${paths.join(', ')}`);
  for (const name of still)
    if (!twice.has(name))
      out.push(
        `${name} is declared once now: take it out of STILL_TWICE (scripts/check-types-once.ts)`,
      );
  return out;
}

function main(): void {
  const modules = new Map<string, string>();
  for (const side of SIDES)
    for (const file of productFiles(join(ROOT, side)))
      modules.set(relative(ROOT, file), readFileSync(file, 'utf8'));
  const problems = typeProblems(typesDefinedTwice(modules));
  if (problems.length === 0) return;
  process.stderr.write(`check:types-once: ${problems.length} problem(s):\n`);
  for (const p of problems) process.stderr.write(`  ${p}\n`);
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename))
  main();
