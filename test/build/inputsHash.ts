// A hash of the files a build is made from (each file's path under `root` and its bytes, in a fixed order): the
// production build and the server suites' compiled server are reused while it stays the same. A few hundred
// small files cost some tens of milliseconds. An input that does not exist counts as empty.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function* filesUnder(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

export function inputsHash(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  }
  return hash.digest('hex');
}
