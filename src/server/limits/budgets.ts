// Every route the server registers declares its budget beside it, as `config: { budget }`: the largest body it
// takes, how many requests one browser and one network may make per window, and what it may add to the
// database per browser and per network per UTC day (or why it adds nothing). The route-budgets plugin refuses
// to register a route without one and sets its body limit; rateLimits.ts enforces the rates; a storing handler
// calls `request.spendStorage(...)` before it writes. README.md beside this file lists every budget.

/** One minute, the window of most rates. */
export const MINUTE_MS = 60_000;
export const KIB = 1024;
export const MIB = 1024 * KIB;

/** Students behind one address the per-network daily figures are sized for (STUDENTS_PER_NETWORK's default). */
export const SCHOOL_STUDENTS = 200;

export interface RateBudget {
  windowMs: number;
  /**
   * Requests per browser (its session cookie's uid) per window; null when the caller is not a browser told apart
   * (a monitor, Stripe, a static file). A request without a session is counted by its network alone.
   */
  perBrowser: number | null;
  /** This route's own requests per network per window; null when only a shared allowance counts it. */
  perNetwork: number | null;
  /** Also counted against the network's API allowance (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW), shared by every call that reaches the database. */
  apiAllowance: boolean;
  /** Routes naming the same counter share one count (every call that can reach a model). */
  counter?: string;
  /** The refusal's code and words, when the route has its own. */
  refusal?: { code: string; message: string };
  /** Counted by the route once the request is proven genuine (the signed webhook), and never refused. */
  countedAfterProof?: boolean;
}

export interface StoredAmount {
  bytes: number;
  rows: number;
}

export interface StorageBudget {
  /** What is stored, as a refusal names it: "essay versions". */
  what: string;
  perBrowser: StoredAmount;
  /** Omitted: `perBrowser` for each of the STUDENTS_PER_NETWORK students behind one address. */
  perNetwork?: StoredAmount;
  /** Routes naming the same counter share one daily count (the three ways to start a checkout). */
  counter?: string;
}

/**
 * The event loop's CPU time one request takes at its largest allowed input. The loop serves every visitor, so a
 * request's cost there is a budget like its bytes: `npm run bench` (test/bench/routeCpu.ts) sends each route its
 * largest input to a server in its own process, reads the loop thread's CPU time around it, and fails when it
 * is over this figure. Work handed to the worker threads (the coach's rules, the offline composer) is not the
 * loop's and is not counted here.
 */
export interface CpuBudget {
  /** Milliseconds of the loop thread's CPU time, the whole request (a sliced answer's slices added up). */
  loopMs: number;
  /** That largest input in words, as the bench builds it: "5 versions of 80,000 characters". */
  largest: string;
}

export interface RouteBudget {
  /** The largest request body in bytes; 0 when it takes none; 'contract': the largest its contract schema allows. */
  body: number | 'contract';
  rate: RateBudget;
  /** What it may add to the database per UTC day, or why it adds nothing. */
  storage: StorageBudget | { none: string };
  /** The legitimate use the figures allow: what a student (or the operator) does through the UI. */
  use: string;
  cpu: CpuBudget;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    budget?: RouteBudget;
  }
}

/** An API call's rate: `perBrowser` requests a minute from one browser, and its network's API allowance. */
export const apiRate = (perBrowser: number, more: Partial<RateBudget> = {}): RateBudget =>
  ({ windowMs: MINUTE_MS, perBrowser, perNetwork: null, apiAllowance: true, ...more });

/** Up to `count` rows of one kind a day per browser, each `row` at most. */
export const storesRows = (what: string, row: StoredAmount, count: number): StorageBudget =>
  ({ what, perBrowser: { bytes: count * row.bytes, rows: count * row.rows } });

export const storesNothing = (why: string): { none: string } => ({ none: why });

/**
 * The most bytes one slice of the loop's work reads, checks, writes or serialises for a request that handles
 * much (a page of versions, a batch of them, a slice of an export, the form document): on this 2-core machine
 * a slice of 256 KiB held the loop 10–17 ms, under the 20 ms goal (src/server/limits/README.md, CPU time).
 */
export const LOOP_SLICE_BYTES = 256 * KIB;

/** Most reads and deletes: no body, nothing added to the database (`storesNothingBecause` says what it does instead). */
export const noBodyBudget = (rate: RateBudget, storesNothingBecause: string, use: string, cpu: CpuBudget): RouteBudget =>
  ({ body: 0, rate, storage: storesNothing(storesNothingBecause), use, cpu });

/** A CPU figure: `loopMs` of the loop's CPU time for one request at its largest input, `largest`. */
export const loopCpu = (loopMs: number, largest: string): CpuBudget => ({ loopMs, largest });

export const isStoring = (storage: RouteBudget['storage']): storage is StorageBudget => !('none' in storage);

/** A storing budget's figure for one network: its own, or one browser's for each student behind the address. */
export function networkStorage(storage: StorageBudget, studentsPerNetwork: number): StoredAmount {
  return storage.perNetwork ?? {
    bytes: storage.perBrowser.bytes * studentsPerNetwork, rows: storage.perBrowser.rows * studentsPerNetwork,
  };
}

/** The load balancer's and monitors' probes (/api/health, /api/ready): outside the API allowance, never sharing it. */
export const PROBE_BUDGET = noBodyBudget({ windowMs: MINUTE_MS, perBrowser: null, perNetwork: 600, apiAllowance: false },
  'answers from memory and a `select 1`',
  'load balancers and uptime monitors asking every few seconds: 600 a minute is ten a second from one address',
  loopCpu(8, 'no input: the process\'s state and a `select 1`'));

/** Static files and pages: no database, no cookie read; a cheap per-network count for 200 students at once. */
export const PAGE_BUDGET = noBodyBudget(
  { windowMs: MINUTE_MS, perBrowser: null, perNetwork: 10_000, apiAllowance: false, counter: 'pages' },
  'static, no database: files from STATIC_DIR, pre-rendered frames and the app shell',
  'a class of 200 opening the app at once with empty caches, about 40 files each (8,000); hashed files are then cached for a year',
  loopCpu(12, 'no input: a page or file, streamed from the disk'));

/**
 * Each call that checks or hands out a code (a discount code, a referral code): 20 a minute per network, enough
 * for a student, slow for a guesser.
 */
export const CODE_CALL_RATE: RateBudget = apiRate(20, { perNetwork: 20 });

/** An /api path no route matched: answered 404, counted as an API call like the call it spelled. */
export const UNKNOWN_API_BUDGET = noBodyBudget(
  { windowMs: MINUTE_MS, perBrowser: null, perNetwork: null, apiAllowance: true, counter: 'unknown-api' },
  'answered 404 without reading anything', 'none: an old tab calling a path that has gone', loopCpu(6, 'no input: a 404'));

const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) > 0;
const isCountOrNull = (value: unknown): boolean => value === null || isCount(value);
const isAmount = (value: StoredAmount | undefined): boolean => value !== undefined && isCount(value.bytes) && isCount(value.rows);

/** What is missing or wrong in a declared budget; empty when it is complete. */
export function budgetProblems(budget: RouteBudget | undefined): string[] {
  if (budget === undefined) return ['it declares no budget'];
  const problems: string[] = [];
  const { body, rate, storage, use, cpu } = budget;
  if (body !== 'contract' && !(Number.isInteger(body) && body >= 0)) problems.push('its body must be a whole number of bytes (0 for none) or \'contract\'');
  if (!(Number.isInteger(rate.windowMs) && rate.windowMs >= 1000)) problems.push('its rate window must be at least one second');
  if (!isCountOrNull(rate.perBrowser) || !isCountOrNull(rate.perNetwork)) problems.push('its rates must be positive whole numbers (or null)');
  if (isStoring(storage)) {
    if (!storage.what) problems.push('its storage must name what it stores');
    if (!isAmount(storage.perBrowser)) problems.push('it stores, so it must give the bytes and rows one browser may add per day');
    if (storage.perNetwork !== undefined && !isAmount(storage.perNetwork)) problems.push('its per-network bytes and rows must be positive whole numbers');
  } else if (!storage.none) problems.push('it must say why it stores nothing');
  if (!use) problems.push('it must say what legitimate use its figures allow');
  if (cpu === undefined) problems.push('it must state its CPU cost: the event loop\'s milliseconds at its largest input (cpu: loopCpu(ms, largest))');
  else {
    if (!(Number.isFinite(cpu.loopMs) && cpu.loopMs > 0)) problems.push('its CPU figure must be a positive number of milliseconds');
    if (!cpu.largest) problems.push('its CPU figure must say what largest input it is measured at');
  }
  return problems;
}
