// Makes PGlite's data directory durable. PGlite's WebAssembly file layer cannot reach the disk's sync calls:
// fdatasync is a no-op there and Node's file-system adapter offers no fsync, so by default PGlite also runs
// PostgreSQL with fsync off. A save it acknowledges then lives only in the OS cache until the OS writes it
// back: a killed process loses nothing, but a power cut, kernel crash or stopped VM can.
//
// Two things fix that, both from Node:
// - the adapter gets the fsync it lacks (a real fs.fsyncSync on the file), and PostgreSQL runs with fsync on,
//   so everything PostgreSQL itself syncs (new WAL segments, data files at a checkpoint, directories after a
//   rename, the control file) really reaches the disk;
// - commits: PostgreSQL syncs the WAL with fdatasync, which stays a no-op inside WebAssembly (it would block
//   the event loop for every commit). Instead every write to a WAL file is noted, and before an answer that
//   follows a commit goes out, `flush()` fdatasyncs the WAL files written since the last sync, off the event
//   loop. Commits that arrive while a sync runs share the next one (group commit), so the wait per save is
//   at most about two syncs however many students save at once.
import { spawn } from 'node:child_process';
import fs, { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

// Looked up on `fs` at each call, not captured at import, so a test can watch the real calls.
const openFile = (path: string, flags: string) => promisify(fs.open)(path, flags);
const closeFile = (fd: number) => promisify(fs.close)(fd);
const fdatasync = (fd: number) => promisify(fs.fdatasync)(fd);

/** What a save risks: `fsync` (default) survives power loss; `lose-on-power-failure` does no sync at all. */
export const PGLITE_DURABILITY_MODES = ['fsync', 'lose-on-power-failure'] as const;
export type PgliteDurabilityMode = (typeof PGLITE_DURABILITY_MODES)[number];

interface EmscriptenNode { name: string; parent: EmscriptenNode }
interface EmscriptenStream { node: EmscriptenNode; nfd?: number; path?: string }
interface NodeFsOps {
  realPath(node: EmscriptenNode): string;
  stream_ops: {
    write: (stream: EmscriptenStream, ...rest: unknown[]) => number;
    fsync?: (stream: EmscriptenStream) => number;
  };
}

/** How many WAL files keep an open descriptor for syncing (the current segment, and one just switched from). */
const MAX_OPEN_WAL_FILES = 4;

export class WalSync {
  readonly #dirty = new Set<string>();
  readonly #fds = new Map<string, number>();
  #inFlight: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
  #failure: Error | undefined;
  #closed = false;

  constructor(readonly walDir: string) {}

  /** Called for every write to a WAL file (from inside PGlite, synchronously). */
  noteWrite(realPath: string): void {
    this.#dirty.add(realPath);
  }

  /**
   * Resolves once every WAL byte written so far is on disk; undefined when there is nothing to wait for.
   * A sync that failed fails every later flush too: after a failed fsync the OS may have dropped the dirty
   * pages, so nothing written since can be promised (restarting replays the WAL).
   */
  flush(): Promise<void> | undefined {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#dirty.size === 0) return this.#inFlight;
    this.#queued ??= (this.#inFlight ?? Promise.resolve()).then(() => {
      this.#queued = undefined;
      return this.#run();
    });
    return this.#queued;
  }

  #run(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const files = [...this.#dirty];
    this.#dirty.clear();
    // Descriptors are closed only once every sync of the run has finished: closing one while a sync on it
    // waits for the thread pool would fail that sync (EBADF), and a failed sync fails every later save.
    const running = Promise.all(files.map((file) => this.#syncFile(file))).then(
      () => this.#closeBeyondLimit(),
      (error: unknown) => {
        this.#failure = error instanceof Error ? error : new Error(String(error));
        throw this.#failure;
      },
    ).finally(() => {
      if (this.#inFlight === running) this.#inFlight = undefined;
    });
    this.#inFlight = running;
    return running;
  }

  async #syncFile(file: string): Promise<void> {
    let fd = this.#fds.get(file);
    if (fd === undefined) {
      try {
        fd = await openFile(file, 'r');
      } catch (error) {
        // A temporary segment renamed or an old one recycled since the write: PostgreSQL synced it itself.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
    }
    // Most recently synced last, so the descriptors kept open are those of the files being written now.
    this.#fds.delete(file);
    this.#fds.set(file, fd);
    await fdatasync(fd);
  }

  /** Closes the least recently synced descriptors beyond the limit; only between runs, never during one. */
  async #closeBeyondLimit(): Promise<void> {
    const surplus = [...this.#fds].slice(0, Math.max(0, this.#fds.size - MAX_OPEN_WAL_FILES));
    for (const [file] of surplus) this.#fds.delete(file);
    await Promise.all(surplus.map(([, fd]) => closeFile(fd).catch(() => undefined)));
  }

  /** Waits for the syncs in flight, then closes the descriptors. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await (this.#queued ?? this.#inFlight)?.catch(() => undefined);
    await Promise.all([...this.#fds.values()].map((fd) => closeFile(fd).catch(() => undefined)));
    this.#fds.clear();
  }
}

/** PGlite's Node file system with the fsync its adapter lacks, and every WAL write reported to `wal`. */
class SyncingNodeFS extends NodeFS {
  constructor(dataDir: string, private readonly wal: WalSync) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const wal = this.wal;
    const patch = (module: { NODEFS: unknown }) => {
      const nodefs = module.NODEFS as NodeFsOps;
      const ops = nodefs.stream_ops;
      const write = ops.write;
      const walPrefix = `${wal.walDir}/`;
      ops.write = (stream, ...rest) => {
        const written = write(stream, ...rest);
        const path = nodefs.realPath(stream.node);
        if (path.startsWith(walPrefix)) wal.noteWrite(path);
        return written;
      };
      ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patch] } };
  }
}

export interface DurablePglite {
  pglite: PGlite;
  /** Present in the `fsync` mode: what the pool flushes before answering after a commit. */
  wal: WalSync | undefined;
}

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory. initdb writes 128 MB into postgresql.conf, and
 * PGlite touches all of it at start, so it is all resident: about 120 MB of an idle server. One connection and
 * a working set of a few thousand form documents need far less, and the OS page cache still holds the files.
 */
const SHARED_BUFFERS = '16MB';

function startParams(mode: PgliteDurabilityMode): string[] {
  // PGlite's start parameters, with `-F` (fsync off) removed in the `fsync` mode: PostgreSQL then asks for
  // every sync it needs.
  const base = mode === 'fsync'
    ? PGlite.defaultStartParams.filter((parameter) => parameter !== '-F')
    : PGlite.defaultStartParams;
  return [...base, '-c', `shared_buffers=${SHARED_BUFFERS}`];
}

/** True when `dir` holds no database yet (PGlite would run initdb on it). */
export const needsInitdb = (dir: string): boolean => !existsSync(join(dir, 'PG_VERSION'));

/**
 * Creates the database in `dir` in a short-lived child process. PGlite runs initdb in a second WebAssembly
 * instance inside the process that opens a new data directory, and that memory is never given back: a server
 * whose first start ran initdb itself sat at about 850 MB, against about 370 MB after a restart. The child
 * takes that cost and exits; the server then opens an existing database, as after any restart.
 */
export async function initdbInChildProcess(dir: string, mode: PgliteDurabilityMode): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  // The same kind of file as this one: the compiled .js in production, the .ts source under tsx.
  const script = join(here, '..', `pgliteInitdb${extname(here)}`);
  const loader = extname(here) === '.ts' && !process.execArgv.some((argument) => argument.includes('tsx'))
    ? ['--import', 'tsx'] : [];
  // The parent's flags (a loader such as tsx), but not a debugger's: its port is the parent's.
  const flags = process.execArgv.filter((argument) => !argument.startsWith('--inspect'));
  const child = spawn(process.execPath, [...flags, ...loader, script, dir, mode], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolveExit, reject) => {
    child.once('error', reject);
    child.once('exit', resolveExit);
  });
  if (code !== 0) throw new Error(`Creating the PGlite database in ${dir} failed (exit ${String(code)}): ${stderr}`);
}

export interface OpenOptions {
  /** Run initdb in this process when `dir` is new (the child process itself, and nothing else). */
  initdbInProcess?: boolean;
}

/** Opens PGlite on `dir` in the given durability mode, creating the database first when `dir` is new. */
export async function createDurablePglite(dir: string, mode: PgliteDurabilityMode, options: OpenOptions = {}): Promise<DurablePglite> {
  if (!options.initdbInProcess && needsInitdb(dir)) await initdbInChildProcess(dir, mode);
  if (mode === 'lose-on-power-failure') return { pglite: await PGlite.create({ dataDir: dir, startParams: startParams(mode) }), wal: undefined };
  const wal = new WalSync(join(resolve(dir), 'pg_wal'));
  const pglite = await PGlite.create({ fs: new SyncingNodeFS(dir, wal), startParams: startParams(mode) });
  return { pglite, wal };
}
