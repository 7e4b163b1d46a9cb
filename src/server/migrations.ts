// Every migration in the order it runs: the foundation's and each stage's, by their numbers. A number is
// taken once: two migrations with one number (two stages landing at once) stop the server at start-up.
import { foundationMigrations, type Migration } from './db/migrations/index.ts';
import type { ServerStage } from './stage.ts';
import { serverStages } from './stages.ts';

const NUMBER = /^(\d{3})_/;

function inOrder(all: readonly Migration[]): readonly Migration[] {
  const byNumber = new Map<string, string>();
  for (const { name } of all) {
    const number = NUMBER.exec(name)?.[1];
    if (number === undefined) throw new Error(`Migration ${name} is not named <nnn>_<stage>_<what>`);
    const other = byNumber.get(number);
    if (other !== undefined) throw new Error(`Migrations ${other} and ${name} share the number ${number}: give the newer the next free one`);
    byNumber.set(number, name);
  }
  return [...all].sort((a, b) => a.name.localeCompare(b.name));
}

/** The foundation's migrations and those of the given stages, in order. */
export const migrationsOf = (stages: readonly ServerStage[]): readonly Migration[] =>
  inOrder([...foundationMigrations, ...stages.flatMap((stage) => stage.migrations ?? [])]);

export const migrations = migrationsOf(serverStages);
