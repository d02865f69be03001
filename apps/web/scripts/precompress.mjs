// Writes .br and .gz beside each built text asset, once at build time, so the
// server sends them as they are (@fastify/static preCompressed) instead of
// compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (TEXT.test(name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files`);
