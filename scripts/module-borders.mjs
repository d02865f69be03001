#!/usr/bin/env node
// Counts the server's border crossings (issue 17): which module imports another module's
// repository or routes, which imports skip a module's front door (index.ts), and the arrows
// that run back up. Product files only (tests may look across). Run: node scripts/module-borders.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The module a file under src/ belongs to ('modules/x' → 'x'), or its top folder ('lib', 'db'). */
function areaOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : parts.length > 1 ? parts[0] : '.';
}

const importPattern = /(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'/g;

const crossings = [];
for (const file of walk(root)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const target = path.resolve(path.dirname(file), match[1]).replace(/\.js$/, '.ts');
    const from = areaOf(file);
    const to = areaOf(target);
    if (from !== to) crossings.push({ file: path.relative(root, file), from, to, target });
  }
}

const isModule = (area) => !['lib', 'db', 'plugins', 'test', 'types', '.'].includes(area);
const pairs = (list) => [...new Set(list.map((c) => `${c.from} → ${c.to}`))].sort();
const between = crossings.filter((c) => isModule(c.from) && isModule(c.to));
const repositoryPairs = pairs(between.filter((c) => c.target.endsWith('.repository.ts')));
const routesImports = between.filter((c) => c.target.endsWith('.routes.ts'));
const pastDoor = between.filter((c) => path.basename(c.target) !== 'index.ts');
const backArrows = [
  ...pairs(crossings.filter((c) => c.from === 'lib' && c.to !== 'lib' && c.to !== '.')),
  ...['organisations → admin-data', 'video-gateway → monitoring'].filter((p) =>
    pairs(between).includes(p),
  ),
];

const report = {
  'module pairs importing another module’s repository': repositoryPairs.length,
  'imports of another module’s routes': routesImports.length,
  'imports of another module past its index.ts': pastDoor.length,
  'arrows back up': backArrows,
};
console.log(JSON.stringify(report, null, 2));
if (process.argv.includes('--list')) {
  for (const pair of repositoryPairs) console.log('repository:', pair);
  for (const c of pastDoor)
    console.log('past the door:', c.file, '→', path.relative(root, c.target));
}
