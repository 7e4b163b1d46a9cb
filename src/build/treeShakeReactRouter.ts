// React Router's production build defines its components at the top of one large module with calls a bundler
// cannot prove free of side effects (`var Link = React.forwardRef(…)`, `React.createContext(…)`) and then sets
// `Link.displayName = "Link"` on them, which is a side effect by itself. Either one keeps every component and all
// it reaches in the bundle, whether the app uses it or not: data routers, forms, fetchers, prefetching, scroll
// restoration. This marks those calls pure and drops the display names (React reads them only in development
// tools, and this is the production build), so the bundle keeps what the app imports.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The module of the production build that holds the components (its name carries a content hash). */
const REACT_ROUTER_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;
/** `Name.displayName = "…";` on a line of its own, at the top level of the module (not indented). */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";\n/gm;
/** A top-level `var Name = React.forwardRef(` (the namespace is React, React2, … in the bundled module). */
const COMPONENT_DEFINITION = /^var [\w$]+ = (?=React\d{0,3}\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * The module's code with its top-level component definitions marked pure and their display names removed, and
 * how many of each it found; null when it holds neither (a version of React Router that no longer needs this).
 */
export function markComponentsPure(code: string): { code: MagicString; definitions: number; displayNames: number } | null {
  const edited = new MagicString(code);
  let definitions = 0;
  let displayNames = 0;
  for (const match of code.matchAll(COMPONENT_DEFINITION)) {
    edited.appendLeft(match.index + match[0].length, '/* @__PURE__ */ ');
    definitions += 1;
  }
  for (const match of code.matchAll(DISPLAY_NAME)) {
    edited.remove(match.index, match.index + match[0].length);
    displayNames += 1;
  }
  return definitions + displayNames === 0 ? null : { code: edited, definitions, displayNames };
}

export const treeShakeReactRouter = (): Plugin => ({
  name: 'essay-studio:tree-shake-react-router',
  apply: 'build',
  transform: {
    filter: { id: REACT_ROUTER_CHUNK },
    handler(code, id) {
      const marked = markComponentsPure(code);
      if (!marked) return null;
      return { code: marked.code.toString(), map: marked.code.generateMap({ source: id, hires: true }) };
    },
  },
});
