// Every regular-expression literal in the source files of src/common and src/server, found with the
// TypeScript parser (not a pattern), so a new literal anywhere in those folders is timed without a list to keep.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FoundPattern {
  where: string;
  regex: RegExp;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

function literalsIn(file: string, root: string): FoundPattern[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: FoundPattern[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const end = text.lastIndexOf('/');
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ where: `${relative(root, file)}:${line + 1} ${text}`, regex: new RegExp(text.slice(1, end), text.slice(end + 1)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function patternsUnder(root: string, folders: string[]): FoundPattern[] {
  return folders.flatMap((folder) => sourceFiles(join(root, folder)).flatMap((file) => literalsIn(file, root)));
}
