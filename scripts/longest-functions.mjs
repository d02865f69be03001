#!/usr/bin/env node
// The longest functions of the product (issue 17: none longer than about 120 lines), read with
// the TypeScript compiler: every function, method, constructor, accessor and arrow function in
// apps/ and packages/, tests and test support left out, and so are data tables (migrations'
// SQL, locale bundles, and a function that only returns one object or array literal).
// Run: node scripts/longest-functions.mjs [--top N] [--over LINES]  (exit 1 when one is over)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const top = option('--top', 10);
const over = option('--over', Infinity);

const left = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /(^|\/)test\//,
  /(^|\/)migrations\//,
  /(^|\/)locales\//,
  /(^|\/)dist\//,
];
const files = execFileSync('git', ['ls-files', 'apps', 'packages'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !left.some((pattern) => pattern.test(f)));

/** A body that is nothing but one object or array literal: data, not steps. */
function isDataTable(node) {
  let body = node.body;
  if (!body) return true;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1 || !ts.isReturnStatement(body.statements[0])) return false;
    body = body.statements[0].expression;
  }
  while (body && ts.isParenthesizedExpression(body)) body = body.expression;
  return !!body && (ts.isObjectLiteralExpression(body) || ts.isArrayLiteralExpression(body));
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

const functions = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isDataTable(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      functions.push({ lines: end - start + 1, where: `${file}:${start}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

functions.sort((a, b) => b.lines - a.lines);
console.log(`${functions.length} functions in ${files.length} files; the longest:`);
for (const f of functions.slice(0, top))
  console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.where}`);
const tooLong = functions.filter((f) => f.lines > over);
if (Number.isFinite(over)) console.log(`${tooLong.length} longer than ${over} lines`);
process.exitCode = tooLong.length ? 1 : 0;
