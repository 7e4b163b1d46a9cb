// Run as a child process by `initdbInChildProcess` (pgliteDurability.ts): creates the PGlite database in the
// directory given as the first argument, in the durability mode given as the second, then exits, so the
// memory initdb leaves behind goes with the process. Arguments: <dir> <mode>.
import { createDurablePglite, PGLITE_DURABILITY_MODES, type PgliteDurabilityMode } from './pgliteDurability.ts';

const [dir, mode] = process.argv.slice(2);
if (!dir || !PGLITE_DURABILITY_MODES.includes(mode as PgliteDurabilityMode)) {
  console.error('usage: pgliteInitdb <data dir> <fsync|lose-on-power-failure>');
  process.exit(2);
}
const { pglite, wal } = await createDurablePglite(dir, mode as PgliteDurabilityMode, { initdbInProcess: true });
await pglite.close();
await wal?.close();
