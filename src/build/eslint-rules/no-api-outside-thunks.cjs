// ESLint rule (loaded through eslint-plugin-rulesdir, see .eslintrc.cjs): a component (.tsx) never reaches
// the modules that talk to the server (the typed client, the essay stream, downloads), however many helpers
// it goes through, except by way of a slice's thunks or an RTK Query API slice's hooks. It follows the
// component's value imports (type-only ones bring no code) from module to module, resolving relative
// specifiers, and stops at the sanctioned doors: a module named `*Slice.ts` or `*Thunks.ts`, an `*Api.ts`
// that builds an RTK Query API slice (`createApi(`), or one the configuration names (with its reason there).
// A re-export (an index.ts) is followed only for the
// names taken from it, so importing a constant from src/api/index.ts does not count as importing the client.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ALL = '*';
const SOURCE_EXTENSIONS = ['.ts', '.tsx'];

/** @type {Map<string, { mtimeMs: number, module: ModuleInfo }>} */
const parsed = new Map();

/**
 * @typedef {{ source: string, names: Set<string> | '*' }} Use   names taken from `source` ('*': all of them)
 * @typedef {{ source: string, names: Map<string, string> | '*' }} Reexport   exported name → name in `source`
 * @typedef {{ uses: Use[], reexports: Reexport[], text: string }} ModuleInfo
 */

/** The value imports, dynamic imports and re-exports of a module, read once per version of the file. */
function moduleInfo(file) {
  const { mtimeMs } = fs.statSync(file);
  const cached = parsed.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.module;
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  /** @type {ModuleInfo} */
  const module = { uses: [], reexports: [], text };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const names = importedNames(statement.importClause);
      if (names !== null) module.uses.push({ source: statement.moduleSpecifier.text, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const names = reexportedNames(statement);
      if (names !== null) module.reexports.push({ source: statement.moduleSpecifier.text, names });
    }
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) module.uses.push({ source: specifier.text, names: ALL });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, { mtimeMs, module });
  return module;
}

/** The value names an import declaration takes (an empty set for a bare import); null when it is type-only. */
function importedNames(clause) {
  if (!clause) return new Set();
  if (clause.isTypeOnly) return null;
  const names = new Set();
  if (clause.name) names.add('default');
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) return ALL;
  if (bindings) {
    for (const element of bindings.elements) {
      if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
    }
  }
  return names.size === 0 && bindings && bindings.elements.length > 0 ? null : names;
}

function reexportedNames(declaration) {
  if (declaration.isTypeOnly) return null;
  const clause = declaration.exportClause;
  if (!clause) return ALL;
  if (ts.isNamespaceExport(clause)) return new Map([[clause.name.text, ALL]]);
  const names = new Map();
  for (const element of clause.elements) {
    if (!element.isTypeOnly) names.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  return names.size === 0 ? null : names;
}

/** The file a relative specifier names (with or without its extension, or a folder's index); null otherwise. */
function resolve(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => SOURCE_EXTENSIONS.includes(path.extname(file)) && fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** A sanctioned door to the API: a slice, a thunk module, an RTK Query API slice, or one configured. */
function isDoor(file, doors) {
  if (doors.has(file)) return true;
  const name = path.basename(file).replace(/\.tsx?$/, '');
  if (name.endsWith('Slice') || name.endsWith('Thunks')) return true;
  return name.endsWith('Api') && moduleInfo(file).text.includes('createApi(');
}

/** The names of `source` that a re-export passes on, for the names asked of the re-exporting module. */
function passedOn(reexport, asked) {
  if (reexport.names === ALL) return asked;
  if (asked === ALL) return ALL;
  const wanted = new Set();
  for (const [exported, local] of reexport.names) {
    if (asked.has(exported)) {
      if (local === ALL) return ALL;
      wanted.add(local);
    }
  }
  return wanted.size === 0 ? null : wanted;
}

/**
 * The chain of modules from `file` to a target, taking `names` from it; null when none is reached without
 * passing a door. `memo` holds what this walk has already looked at (and guards against cycles).
 */
function chainFrom(file, names, { targets, doors }, memo) {
  if (targets.has(file)) return [file];
  const key = `${file}|${names === ALL ? ALL : [...names].sort().join(',')}`;
  if (memo.has(key)) return memo.get(key);
  memo.set(key, null);
  if (isDoor(file, doors)) return null;
  const { uses, reexports } = moduleInfo(file);
  const steps = [
    // A module's own imports all count: its code may call anything it imports, whatever is taken from it.
    ...uses.map((use) => [use.source, use.names]),
    ...reexports.map((reexport) => [reexport.source, passedOn(reexport, names)]).filter(([, passed]) => passed !== null),
  ];
  for (const [specifier, taken] of steps) {
    const target = resolve(file, specifier);
    const chain = target === null ? null : chainFrom(target, taken, { targets, doors }, memo);
    if (chain !== null) {
      memo.set(key, [file, ...chain]);
      return memo.get(key);
    }
  }
  return null;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: "A component reaches the API only through a slice's thunks or an RTK Query API slice's hooks." },
    schema: [
      {
        type: 'object',
        properties: {
          /** The modules that talk to the server, relative to the working directory. */
          targets: { type: 'array', items: { type: 'string' }, minItems: 1 },
          /** Further modules a component may reach them through, relative to the working directory. */
          doors: { type: 'array', items: { type: 'string' } },
        },
        required: ['targets'],
        additionalProperties: false,
      },
    ],
    messages: {
      reaches: "Components do not call the API: this import reaches {{target}} through {{chain}}. Dispatch a thunk of the feature's slice (a *Thunks.ts or *Slice.ts module) or use an RTK Query API slice's hooks.",
    },
  },
  create(context) {
    const cwd = context.cwd ?? context.getCwd();
    const options = context.options[0];
    const walk = {
      targets: new Set(options.targets.map((target) => path.resolve(cwd, target))),
      doors: new Set((options.doors ?? []).map((door) => path.resolve(cwd, door))),
    };
    const file = context.filename ?? context.getFilename();
    const memo = new Map();
    const relative = (name) => path.relative(cwd, name);

    const check = (node, specifier, names) => {
      const target = resolve(file, specifier);
      const chain = target === null ? null : chainFrom(target, names, walk, memo);
      if (chain === null) return;
      context.report({
        node,
        messageId: 'reaches',
        data: { target: relative(chain.at(-1)), chain: [file, ...chain].map(relative).join(' → ') },
      });
    };

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const values = node.specifiers.filter((specifier) => specifier.importKind !== 'type');
        if (node.specifiers.length > 0 && values.length === 0) return;
        if (values.some((specifier) => specifier.type === 'ImportNamespaceSpecifier')) return check(node, node.source.value, ALL);
        const names = new Set(values.map((specifier) => (specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.imported.name ?? specifier.imported.value)));
        check(node, node.source.value, names);
      },
      'ExportNamedDeclaration[source], ExportAllDeclaration'(node) {
        if (node.exportKind === 'type') return;
        const locals = node.type === 'ExportAllDeclaration' ? ALL
          : new Set(node.specifiers.filter((specifier) => specifier.exportKind !== 'type').map((specifier) => specifier.local.name ?? specifier.local.value));
        if (locals !== ALL && locals.size === 0) return;
        check(node, node.source.value, locals);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value, ALL);
      },
    };
  },
};
