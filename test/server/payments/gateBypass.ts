// Finds code that settles a payment without the gate (src/server/payments/checkoutGate.ts): grants a plan,
// writes the entitlements table, claims a checkout's payment, uses a code up or marks a checkout paid. Each
// rule names the files allowed to do it, and why; anything else is reported as file: what it does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const GATE = 'src/server/payments/checkoutGate.ts';

const RULES: ReadonlyArray<{ what: string; pattern: RegExp; allowed: Readonly<Record<string, string>> }> = [
  {
    what: 'grants or changes a plan',
    pattern: /\bsavePlan\(/,
    allowed: {
      [GATE]: 'grants the plan a payment paid for',
      'src/server/payments/fulfilment.ts': 'a refund or dispute sets the plan back to free',
      'src/server/stages/admin/routes.ts': 'the operator sets a plan by hand, outside payments',
      'src/server/db/entitlements.ts': 'defines it',
    },
  },
  {
    what: 'writes the entitlements table',
    pattern: /\b(?:insertInto|updateTable)\(\s*'entitlements'/,
    allowed: { 'src/server/db/entitlements.ts': 'savePlan, the one write' },
  },
  {
    what: 'settles a checkout’s payment or spends its code',
    pattern: /\b(?:claimPayment|markRefundDue|spendCode)\(/,
    allowed: {
      [GATE]: 'settles every payment',
      'src/server/db/checkoutSessions.ts': 'defines claimPayment and markRefundDue',
      'src/server/db/discountCodes.ts': 'defines spendCode',
    },
  },
  {
    what: 'marks a checkout paid',
    pattern: /\.set\(\{[^}]*\bstatus: 'paid'/,
    allowed: { 'src/server/db/checkoutSessions.ts': 'claimPayment, the one conditional update' },
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every place under `dirs` (relative to `root`) that does what only the gate may, as "file: what". */
export function findGateBypasses(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((file) => {
    const name = relative(root, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    return RULES.filter((rule) => rule.allowed[name] === undefined && rule.pattern.test(text)).map((rule) => `${name}: ${rule.what}`);
  });
}
