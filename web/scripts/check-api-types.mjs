// Fails when src/lib/api/schema.d.ts is not what openapi-typescript generates from
// src/lib/api/openapi.json — so a changed API breaks the build, never the user.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const spec = join(root, 'src/lib/api/openapi.json');
const committed = join(root, 'src/lib/api/schema.d.ts');
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');

const dir = mkdtempSync(join(tmpdir(), 'uplink-api-types-'));
const fresh = join(dir, 'schema.d.ts');
try {
  const run = spawnSync(process.execPath, [cli, spec, '-o', fresh], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`check:api: openapi-typescript failed on src/lib/api/openapi.json\n${run.stderr}`);
    process.exit(1);
  }
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    console.error('check:api: src/lib/api/schema.d.ts is missing. Run `npm run gen:api` in web/.');
    process.exit(1);
  }
  if (current !== readFileSync(fresh, 'utf8')) {
    console.error(
      'check:api: src/lib/api/schema.d.ts is out of date with src/lib/api/openapi.json.\n' +
        'Run `npm run gen:api` in web/, fix any type errors it reveals, and commit both files.',
    );
    process.exit(1);
  }
  console.log('check:api: API types match openapi.json');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
