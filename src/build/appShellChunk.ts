import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

/**
 * One chunk for the app shell: every module the app's start (src/app/startApp.tsx) imports statically, except
 * what the landing page may load (its entry and the popup it loads on demand) and what the reader's page loads. Left to itself the bundler
 * cuts the shell into some twenty small chunks by which pages share them, and a phone on HTTP/1.1 fetches
 * them six at a time, a round trip each.
 */
export function appShellChunk(moduleId: string, context: Rolldown.ChunkingContext): string | null {
  let modules = appShellModules.get(context);
  if (!modules) {
    modules = shellModules(context);
    appShellModules.set(context, modules);
  }
  return modules.has(moduleId) ? 'app-shell' : null;
}
/** Worked out once per chunking pass (the bundler hands every call of one pass the same context). */
const appShellModules = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

function shellModules(context: Rolldown.ChunkingContext): Set<string> {
  // Paths from the repository's root (this file is two folders down).
  const idOf = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
  const walk = (start: string, follow: (info: Rolldown.ModuleInfo) => readonly string[], stopAt: string | null) => {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id) || id === stopAt) continue;
      seen.add(id);
      const info = context.getModuleInfo(id);
      if (info) queue.push(...follow(info));
    }
    return seen;
  };
  const loadApp = idOf('src/app/loadApp.ts');
  const landing = walk(idOf('src/main.tsx'), (info) => [...info.importedIds, ...info.dynamicallyImportedIds], loadApp);
  // The reader's page (read.html) loads none of the shell: what it shares with the app stays in chunks of its own.
  const reader = walk(idOf('src/features/reader/readerEntry.tsx'), (info) => [...info.importedIds, ...info.dynamicallyImportedIds], null);
  const shell = walk(idOf('src/app/startApp.tsx'), (info) => info.importedIds, null);
  return new Set([...shell].filter((id) => !landing.has(id) && !reader.has(id)));
}
