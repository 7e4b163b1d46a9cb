// ESLint rule (loaded through eslint-plugin-rulesdir, see .eslintrc.cjs): outside the stages' own folder, a stage
// is reached only through the one list of stages. A module that is not in `stagesDir` may import (statically,
// dynamically, or re-export from) a module inside it only when it is `list` importing a stage's declaration
// (`<stagesDir>/<stage>/stage.ts`), or one of the `entries` the configuration names (the landing page's entry,
// which must not load the list). Types count too: the app sees a stage only as the list declares it.
// Between stages, the import zones of .eslintrc.cjs apply (another stage's index.ts or components.ts only).
'use strict';

const path = require('node:path');

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'The app reaches a stage only through the list of stages (src/app/stages.ts).' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The stages' folder, relative to the working directory. */
          stagesDir: { type: 'string' },
          /** The list of stages, relative to the working directory. */
          list: { type: 'string' },
          /** Further importer → imported pairs allowed, relative to the working directory, each with its reason there. */
          entries: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'] } },
        },
        required: ['stagesDir', 'list'],
        additionalProperties: false,
      },
    ],
    messages: {
      outsideList: '{{file}} imports the stage module {{target}}: outside src/features a stage is reached only through {{list}}, which imports each stage\'s stage.ts. Declare what the app needs in the stage\'s stage.ts.',
    },
  },
  create(context) {
    const cwd = context.cwd ?? context.getCwd();
    const options = context.options[0];
    const stagesDir = path.resolve(cwd, options.stagesDir) + path.sep;
    const list = path.resolve(cwd, options.list);
    const entries = (options.entries ?? []).map(({ from, to }) => ({ from: path.resolve(cwd, from), to: path.resolve(cwd, to) }));
    const file = path.resolve(cwd, context.filename ?? context.getFilename());
    if (file.startsWith(stagesDir)) return {};

    const allowed = (target) => {
      if (file === list) return path.basename(target) === 'stage.ts' && path.dirname(path.dirname(target)) + path.sep === stagesDir;
      return entries.some((entry) => entry.from === file && entry.to === target);
    };
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(stagesDir) || allowed(target)) return;
      context.report({
        node,
        messageId: 'outsideList',
        data: { file: path.relative(cwd, file), target: path.relative(cwd, target), list: path.relative(cwd, list) },
      });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      'ExportNamedDeclaration[source], ExportAllDeclaration': (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : null),
    };
  },
};
