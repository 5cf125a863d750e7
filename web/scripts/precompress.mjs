// Writes `<file>.gz` and `<file>.br` next to every compressible file in dist/,
// so the server can send pre-compressed bytes without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

let files = 0;
let original = 0;
let gzipped = 0;
let brotlied = 0;
for await (const path of walk(DIST)) {
  const data = await readFile(path);
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${path}.gz`, gz);
  await writeFile(`${path}.br`, br);
  files += 1;
  original += data.length;
  gzipped += gz.length;
  brotlied += br.length;
  if (process.env.PRECOMPRESS_VERBOSE) {
    console.log(`${relative(DIST, path)}: ${data.length} B, gzip ${gz.length} B, br ${br.length} B`);
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`precompress: ${files} files, ${kb(original)} → gzip ${kb(gzipped)}, brotli ${kb(brotlied)}`);
