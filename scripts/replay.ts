// npm run replay -- FILE [--to SEQ] [--print PROJECTION] [--fixture NAME]
// npm run replay -- FILE --diff   (the first difference: replay-diff.ts)
//
// Replays an exported log (a "Report a problem" file, or any export) through the engine's own
// projections under Node and prints, as JSON on stdout: the file's range, the event replayed
// to, the projection hashes there (the same as the browser's /replay shows), whether the final
// hashes match the ones recorded in the file, and with --print one projection's state.
// --fixture NAME copies the file into tests/fixtures/ and records its final hashes there, so
// `npm test` asserts that replaying it keeps giving them (tests/fixtures/README.md).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isProjectionName, PROJECTIONS, projectionValue } from '../src/engine/replay/codec.ts';
import type { ProjectionName } from '../src/engine/replay/codec.ts';
import { ReplayFileError } from '../src/engine/replay/format.ts';
import { hashState } from '../src/engine/replay/hash.ts';
import { loadReplay } from '../src/engine/replay/replay-session.ts';
import { runDiff } from './replay-diff.ts';

const FIXTURES = join(import.meta.dirname, '..', 'tests', 'fixtures');
const USAGE = `usage: npm run replay -- FILE [--to SEQ] [--print PROJECTION] [--fixture NAME]
       npm run replay -- FILE --diff
projections: ${PROJECTIONS.join(', ')}`;

interface Args {
  file: string;
  to: number | null;
  print: ProjectionName | null;
  fixture: string | null;
  diff: boolean;
}

const OPTIONS: Record<string, (args: Args, value: string) => void> = {
  '--to': (args, value) => {
    const seq = Number(value);
    if (!Number.isSafeInteger(seq) || seq < 0) fail('--to takes an event seq (an integer ≥ 0)');
    args.to = seq;
  },
  '--print': (args, value) => {
    if (!isProjectionName(value)) fail(`unknown projection "${value}"`);
    args.print = value;
  },
  '--fixture': (args, value) => {
    if (!/^[a-z0-9-]+$/.test(value)) fail('a fixture name is lower-case letters, digits and -');
    args.fixture = value;
  },
};

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { file: '', to: null, print: null, fixture: null, diff: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const option = OPTIONS[arg];
    if (option !== undefined) {
      i += 1;
      option(args, argv[i] ?? fail(`${arg} needs a value`));
    } else if (arg === '--diff') {
      args.diff = true;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (args.file === '') args.file = arg;
    else fail(`one file only (got "${args.file}" and "${arg}")`);
  }
  if (args.file === '') fail('which file?');
  return checkDiff(args);
}

/** --diff goes alone: it folds the whole file and prints its own report. */
function checkDiff(args: Args): Args {
  if (args.diff && (args.to !== null || args.print !== null || args.fixture !== null))
    fail('--diff goes alone');
  return args;
}

function fail(message: string): never {
  console.error(`replay: ${message}\n${USAGE}`);
  process.exit(2);
}

const MESSAGES: Record<ReplayFileError['code'], string> = {
  empty: 'the file is empty',
  'not-a-log': 'this is not a Bourse log export',
  corrupt: 'the file is damaged (its compressed data is invalid)',
  'newer-version':
    'the file was written by a newer Bourse (format {version}; this one reads up to {supported})',
  'bad-header': 'the file header is invalid ({field})',
  'bad-event': 'line {line} is not a valid event ({reason})',
  truncated: 'the file is truncated (it announces {expected} events, holds {found})',
  'fold-failed': 'event seq {seq} ({name}, line {line}) cannot be replayed',
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(args.file);
  } catch (error) {
    fail(`cannot read ${args.file}: ${(error as Error).message}`);
  }
  if (args.diff) {
    process.exitCode = await runDiff(args.file, bytes);
    return;
  }
  const session = await loadReplay(bytes);
  const index = args.to === null ? session.count - 1 : session.indexOfSeq(args.to);
  const state = session.stateAfter(index);
  const hashes = await hashState(state);
  const atEnd = index === session.count - 1;
  const out = {
    file: basename(args.file),
    app: session.header.app,
    events: session.count,
    range: {
      firstSeq: session.header.firstSeq,
      lastSeq: session.header.lastSeq,
      from: isoOrNull(session.header.from),
      to: isoOrNull(session.header.to),
    },
    at:
      index < 0
        ? { index: -1, seq: session.header.start.seq, time: isoOrNull(session.header.start.at) }
        : {
            index,
            seq: session.seq(index),
            name: session.names[session.nameId(index)],
            time: isoOrNull(session.at(index)),
          },
    hashes,
    recordedHashesMatch: atEnd ? session.mismatches.length === 0 : null,
    mismatches: atEnd ? session.mismatches : [],
    ...(args.print === null
      ? {}
      : { projection: { name: args.print, state: projectionValue(state, args.print) } }),
  };
  console.log(JSON.stringify(out, null, 2));
  if (args.fixture !== null)
    saveFixture(args.fixture, args.file, session.count, session.finalHashes);
}

function saveFixture(
  name: string,
  file: string,
  events: number,
  hashes: Record<string, string>,
): void {
  const target = `${name}.ndjson.gz`;
  copyFileSync(file, join(FIXTURES, target));
  const indexFile = join(FIXTURES, 'fixtures.json');
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as Record<string, unknown>;
  index[name] = { file: target, events, hashes };
  writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  console.error(`replay: fixture "${name}" saved to tests/fixtures/${target}`);
}

function isoOrNull(ms: number | null): string | null {
  return ms === null || ms <= 0 ? null : new Date(ms).toISOString();
}

main().catch((error: unknown) => {
  if (error instanceof ReplayFileError) {
    const text = MESSAGES[error.code].replace(/\{(\w+)\}/g, (_, k: string) =>
      String(error.params[k] ?? '?'),
    );
    console.error(
      `replay: ${text}${error.message.includes(':') ? ` — ${error.message.split(': ').slice(1).join(': ')}` : ''}`,
    );
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
