// `.env.example` is the one place the configuration is documented: it must list every variable the server
// reads (config.ts) and every VITE_* variable the browser build reads, nothing else, each with a comment of its
// own above it, and each value must be that variable's default.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/server/config.ts';
import { landingConfigFrom } from '../../src/features/landing/landingConfig.ts';
import { readFirebaseWebConfig } from '../../src/remote/firebaseWebConfig.ts';

const ROOT = new URL('../../', import.meta.url);
const LINES = readFileSync(new URL('.env.example', ROOT), 'utf8').split('\n');
const ASSIGNMENT = /^([A-Z][A-Z0-9_]*)=(.*)$/;

const assignments = LINES.flatMap((line, index) => {
  const match = ASSIGNMENT.exec(line);
  return match ? [{ name: match[1] ?? '', value: match[2] ?? '', index }] : [];
});
const example: Record<string, string> = Object.fromEntries(assignments.map(({ name, value }) => [name, value]));

// The mode the build hands its own pre-render step (src/build/prerenderPages.ts): not for whoever builds.
const BUILD_INTERNAL = ['VITE_MODE'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every VITE_* name the browser's code and the build mention (the server's are in CONFIG_VARIABLES). */
function buildVariables(): string[] {
  const src = new URL('src', ROOT).pathname;
  const names = new Set<string>();
  for (const file of sourceFiles(src).filter((path) => !path.startsWith(join(src, 'server')))) {
    for (const [name] of readFileSync(file, 'utf8').matchAll(/\bVITE_[A-Z0-9_]*[A-Z0-9]\b/g)) names.add(name);
  }
  return [...names].filter((name) => !BUILD_INTERNAL.includes(name)).sort();
}

describe('.env.example', () => {
  it('lists every variable the server reads', () => {
    expect(CONFIG_VARIABLES.filter((name) => !(name in example))).toEqual([]);
  });

  it('lists every VITE_* variable the build reads', () => {
    const build = buildVariables();
    expect(build).toContain('VITE_FIREBASE_API_KEY');
    expect(build.filter((name) => !(name in example))).toEqual([]);
    const internal = readFileSync(new URL('src/build/prerenderPages.ts', ROOT), 'utf8');
    for (const name of BUILD_INTERNAL) expect(internal).toContain(`${name}:`);
  });

  it('lists nothing else, and each variable once', () => {
    const known = new Set([...CONFIG_VARIABLES, ...buildVariables()]);
    expect(assignments.map(({ name }) => name).filter((name) => !known.has(name))).toEqual([]);
    expect(assignments.length).toBe(new Set(assignments.map(({ name }) => name)).size);
  });

  it('says what each variable means, in a comment right above it', () => {
    const uncommented = assignments.filter(({ index }) => !LINES[index - 1]?.startsWith('# ')).map(({ name }) => name);
    expect(uncommented).toEqual([]);
  });

  it("gives each server variable its default: the file's values configure the server as an empty environment does", () => {
    const secret = { COOKIE_SECRET: 'x'.repeat(48) };
    expect(loadConfig({ ...example, ...secret })).toEqual(loadConfig(secret));
  });

  it('gives each build variable its default', () => {
    expect(landingConfigFrom(example)).toEqual(landingConfigFrom({}));
    expect(readFirebaseWebConfig(example)).toBeNull();
  });
});
