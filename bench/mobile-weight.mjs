#!/usr/bin/env node
// The JavaScript /mobile loads until idle (SPEC §12 / issue #30: at most 120 KB gzip), read from a
// built web/dist without building anything: the entry script and its modulepreloads (the main
// group's hints, `data-group="main"`, are left out of the page for /mobile by the server), then the
// mobile group's chunk and everything it imports statically. Lazily imported pages and the error
// reporting chunks (requested after the page has settled, D91) are not counted.
// Usage: node bench/mobile-weight.mjs [web/dist] — prints the figure, exits 1 over the budget.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../web/dist', import.meta.url).pathname;
const BUDGET_KB = 120;
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`mobile-weight: ${dist}/index.html not found (build the frontend first: cd web && npm run build)`);
  process.exit(2);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const start = new Set();
for (const m of html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g)) start.add(m[1]);
for (const m of html.matchAll(/<link([^>]*)>/g)) {
  const attrs = m[1];
  if (!/rel="modulepreload"/.test(attrs) || /data-group="main"/.test(attrs)) continue;
  const href = /href="\/(assets\/[^"]+\.js)"/.exec(attrs);
  if (href) start.add(href[1]);
}
const group = readdirSync(join(dist, 'assets')).find((f) => /^mobile-group-[\w-]+\.js$/.test(f));
if (!group) {
  console.error('mobile-weight: no assets/mobile-group-*.js in the build');
  process.exit(2);
}
start.add(`assets/${group}`);

// Static imports only: `import … from "./x.js"` / `import "./x.js"` / `export … from "./x.js"`.
const staticImport = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g;
const seen = new Set();
const queue = [...start];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(staticImport)) queue.push(`assets/${m[1]}`);
}
let total = 0;
let totalBr = 0;
const rows = [...seen].map((file) => {
  const body = readFileSync(join(dist, file));
  const gz = existsSync(join(dist, `${file}.gz`)) ? statSync(join(dist, `${file}.gz`)).size : gzipSync(body, { level: 9 }).length;
  // What the server actually sends a browser that accepts brotli (the precompressed .br beside the file).
  const br = existsSync(join(dist, `${file}.br`)) ? statSync(join(dist, `${file}.br`)).size : gz;
  total += gz;
  totalBr += br;
  return [file, gz];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${file}`);
const kb = (total / 1024).toFixed(1);
console.log(`JS of /mobile until idle (gzip)  ${kb} KB  (bar <= ${BUDGET_KB} KB); as sent with brotli ${(totalBr / 1024).toFixed(1)} KB`);
process.exit(total / 1024 <= BUDGET_KB ? 0 : 1);
