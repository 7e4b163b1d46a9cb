// React Router's production build keeps every component it defines in a bundle unless its definitions are
// marked pure and its display names dropped. Bundling the router the way the app uses it, with and without the
// plugin, shows what the plugin takes out; reading the installed module shows the plugin still finds its marks
// (a new version that changes their shape fails here instead of quietly bringing the code back).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { markComponentsPure, treeShakeReactRouter } from '../../src/build/treeShakeReactRouter.ts';

// Tests run from the repository's root (test/vitest.config.ts).
const PRODUCTION_BUILD = join(process.cwd(), 'node_modules/react-router/dist/production');

/**
 * A module using what the app's own Link and routes use (handing it to a global: an app build keeps no entry's
 * exports), bundled for production; returns its code.
 */
async function bundleRouter(plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === 'router-entry' ? '\0router-entry' : null),
    load: (id) => (id === '\0router-entry'
      ? `import { BrowserRouter, Routes, Route, Outlet, Navigate, useHref, useLinkClickHandler, useLocation, useNavigate }
           from ${JSON.stringify(join(PRODUCTION_BUILD, 'index.mjs'))};
         globalThis.router = [BrowserRouter, Routes, Route, Outlet, Navigate, useHref, useLinkClickHandler, useLocation, useNavigate];`
      : null),
  };
  const output = await build({
    configFile: false, logLevel: 'silent', mode: 'production',
    plugins: [entry, ...plugins],
    build: {
      write: false, minify: true, sourcemap: false,
      rolldownOptions: { input: 'router-entry', external: [/^react(-dom)?($|\/)/, 'cookie', 'set-cookie-parser'] },
    },
  }) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const [result] = Array.isArray(output) ? output : [output];
  return result!.output.filter((file) => file.type === 'chunk').map((chunk) => chunk.code).join('\n');
}

describe('treeShakeReactRouter', () => {
  it('marks top-level component definitions pure and removes top-level display names, nothing else', () => {
    const code = [
      'var Link = React10.forwardRef(',
      '  function LinkWithRef() {}',
      ');',
      'Link.displayName = "Link";',
      'var RouteContext = React.createContext(null);',
      'RouteContext.displayName = "Route";',
      'var x = useThing(1);',
      'function inner() {',
      '    FetcherForm2.displayName = "fetcher.Form";',
      '}',
      '',
    ].join('\n');
    const marked = markComponentsPure(code);
    expect(marked).toMatchObject({ definitions: 2, displayNames: 2 });
    expect(marked!.code.toString()).toBe([
      'var Link = /* @__PURE__ */ React10.forwardRef(',
      '  function LinkWithRef() {}',
      ');',
      'var RouteContext = /* @__PURE__ */ React.createContext(null);',
      'var x = useThing(1);',
      'function inner() {',
      '    FetcherForm2.displayName = "fetcher.Form";',
      '}',
      '',
    ].join('\n'));
    expect(markComponentsPure('var x = 1;\n')).toBeNull();
  });

  it("still finds the installed React Router's definitions and display names", () => {
    const chunks = readdirSync(PRODUCTION_BUILD).filter((name) => /^chunk-[\w-]+\.mjs$/.test(name));
    const found = chunks.map((name) => markComponentsPure(readFileSync(join(PRODUCTION_BUILD, name), 'utf8')));
    const total = (key: 'definitions' | 'displayNames') => found.reduce((sum, entry) => sum + (entry?.[key] ?? 0), 0);
    // Link, NavLink, Form and the contexts; their display names.
    expect(total('definitions')).toBeGreaterThanOrEqual(10);
    expect(total('displayNames')).toBeGreaterThanOrEqual(10);
  });

  it("leaves React Router's Link, forms and prefetching out of a bundle that uses none of them", async () => {
    const without = await bundleRouter([]);
    const withPlugin = await bundleRouter([treeShakeReactRouter()]);
    // Strings only those parts hold: Link's and Form's discovery attribute, a form submission's error, prefetching.
    for (const marker of ['data-discover', 'Cannot submit', 'prefetch']) {
      expect(without).toContain(marker);
      expect(withPlugin).not.toContain(marker);
    }
    expect(withPlugin.length).toBeLessThan(without.length * 0.8);
  }, 60_000);
});
