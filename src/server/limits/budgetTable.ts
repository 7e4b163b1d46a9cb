// The table of every route's budget, as README.md beside this file shows it: rendered from the routes a real
// app registers (test/server/limits/routeBudgets.test.ts checks that the README holds exactly this table).
import {
  isStoring, MINUTE_MS, networkStorage, PAGE_BUDGET, type RateBudget, type RouteBudget, type StoredAmount, UNKNOWN_API_BUDGET,
} from './budgets.ts';

export interface BudgetedRoute {
  method: string | string[];
  url: string;
  /** The body limit the route was registered with (set from its budget). */
  bodyLimit?: number;
  budget: RouteBudget;
}

export interface TableFigures {
  studentsPerNetwork: number;
  /** The API allowance: RATE_LIMIT_MAX per RATE_LIMIT_WINDOW. */
  apiAllowance: { max: number; windowMs: number };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}

const perWindow = (count: number, windowMs: number): string =>
  windowMs === MINUTE_MS ? `${count}/min` : `${count} per ${Math.round(windowMs / MINUTE_MS)} min`;

const amount = ({ bytes, rows }: StoredAmount): string => `${formatBytes(bytes)}, ${rows} rows`;

function body(route: BudgetedRoute): string {
  if (route.budget.body === 0) return 'none';
  const bytes = formatBytes(route.bodyLimit ?? 0);
  return route.budget.body === 'contract' ? `${bytes} (contract)` : bytes;
}

/** The count several routes share, named beside their figures (the pages' and unknown paths' go without saying). */
const shared = (rate: RateBudget): string =>
  rate.counter === undefined || rate.counter === 'pages' || rate.counter === 'unknown-api' ? '' : ` (shared: ${rate.counter})`;

function networkRate(rate: RateBudget, figures: TableFigures): string {
  const parts: string[] = [];
  if (rate.perNetwork !== null) {
    const own = `${perWindow(rate.perNetwork, rate.windowMs)}${shared(rate)}`;
    parts.push(rate.countedAfterProof ? `${own}, counted after the signature, never refused` : own);
  }
  if (rate.apiAllowance) parts.push(`API allowance (${perWindow(figures.apiAllowance.max, figures.apiAllowance.windowMs)})`);
  return parts.join(' + ') || '—';
}

function row(label: string, route: BudgetedRoute, figures: TableFigures): string {
  const { rate, storage, use } = route.budget;
  const browser = rate.perBrowser === null ? '—' : `${perWindow(rate.perBrowser, rate.windowMs)}${shared(rate)}`;
  const stored = isStoring(storage)
    ? [storage.perBrowser, networkStorage(storage, figures.studentsPerNetwork)]
      .map((figure) => `${amount(figure)} of ${storage.what}${storage.counter === undefined ? '' : ` (shared: ${storage.counter})`}`)
    : [`nothing: ${storage.none}`, '—'];
  const { cpu } = route.budget;
  const cells = [label, body(route), browser, networkRate(rate, figures), ...stored, `${cpu.loopMs} ms: ${cpu.largest}`, use];
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

const methods = (method: string | string[]): string[] => [method].flat();

/** The README's table: one row per route (a GET's automatic HEAD folded into it), then the unmatched paths. */
export function budgetTable(routes: readonly BudgetedRoute[], figures: TableFigures): string {
  const gets = new Set(routes.filter((route) => methods(route.method).includes('GET')).map((route) => route.url));
  const shown = routes
    .filter((route) => !(methods(route.method).join() === 'HEAD' && gets.has(route.url)))
    .map((route) => ({ label: `\`${methods(route.method).join(', ')} ${route.url}\``, route }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const header = [
    '| route | body | per browser | per network | stored per browser a day | stored per network a day | loop CPU at its largest input | the use it allows |',
    '|---|---|---|---|---|---|---|---|',
  ];
  return [
    ...header,
    ...shown.map(({ label, route }) => row(label, route, figures)),
    row('any other `/api` path (404)', { method: 'ANY', url: '', budget: UNKNOWN_API_BUDGET }, figures),
    row('any other page: frames, the app shell', { method: 'GET', url: '', budget: PAGE_BUDGET }, figures),
    '',
    `The most one network can add to the database in a day, every storing route together: ${amount(mostOneNetworkAdds(routes, figures))}.`,
  ].join('\n');
}

/** Every storing budget's per-network figure, a count shared by several routes taken once. */
export function mostOneNetworkAdds(routes: readonly BudgetedRoute[], figures: TableFigures): StoredAmount {
  const counters = new Map<string, StoredAmount>();
  for (const route of routes) {
    const { storage } = route.budget;
    if (!isStoring(storage)) continue;
    counters.set(storage.counter ?? `${methods(route.method).join()} ${route.url}`, networkStorage(storage, figures.studentsPerNetwork));
  }
  return [...counters.values()].reduce((sum, figure) => ({ bytes: sum.bytes + figure.bytes, rows: sum.rows + figure.rows }), { bytes: 0, rows: 0 });
}
