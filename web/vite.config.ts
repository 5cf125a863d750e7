/// <reference types="vitest/config" />
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const backend = 'http://127.0.0.1:8080';

// React Router's package exports point at its development build only (remix-run/react-router#12437,
// "temporary"); its production build beside it differs only in dropping the dev warnings. The
// bundle uses the production build (D76); `vite dev` and Vitest keep the development one.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The main screen group serves every storefront route, yet its chunk is only requested once the
 * entry has run and picked the group. A modulepreload hint for it and all it imports lets the
 * browser download them alongside the entry (the group still runs only when chosen, SPEC §11).
 * The hints carry `data-group="main"`: the server leaves them out of the page it serves for the
 * other groups' routes (crates/api/src/http/spa.rs), so /mobile never downloads the main group.
 */
function preloadMainGroup(): Plugin {
  return {
    name: 'uplink:preload-main-group',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const group = Object.values(bundle ?? {}).find((item) => item.type === 'chunk' && item.name === 'main-group');
        if (!group || group.type !== 'chunk') return [];
        const entryFiles = new Set(
          Object.values(bundle ?? {}).flatMap((item) =>
            item.type === 'chunk' && item.isEntry ? [item.fileName, ...item.imports] : [],
          ),
        );
        // The group's chunk and everything it imports, however deep (its chunks' stylesheets too).
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
        );
        const scripts: string[] = [];
        const styles = new Set<string>();
        const queue = [group.fileName];
        while (queue.length) {
          const file = queue.shift()!;
          if (scripts.includes(file) || entryFiles.has(file)) continue;
          const chunk = chunks.get(file);
          if (!chunk) continue;
          scripts.push(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          queue.push(...chunk.imports);
        }
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-group': 'main' },
            injectTo: 'head' as const,
          })),
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}`, 'data-group': 'main' },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** Each screen group's root module (SPEC §11); `main` is the group every storefront page loads. */
const GROUP_ROOT = /[\\/]src[\\/]app[\\/]groups[\\/]\w+[\\/]([\w-]+)-group\.tsx$/;
/** The application's entry modules (index.html's two scripts). */
const APP_ENTRY = /[\\/]src[\\/](?:app[\\/]main\.tsx|features[\\/]catalog[\\/]api[\\/]prefetch-entry\.ts)$/;

/**
 * Fewer, larger chunks for what `/` loads (issue 33). Left to itself the bundler cut the code into
 * one chunk per set of importers: the entry's modules that lazy chunks also import (React, the JSX
 * runtime, the spinner…) and every module the main group shares with some of its lazy pages (money,
 * the product card, the session, the cart count…) each became a tiny chunk, and `/` requested some
 * thirty scripts — each with ~0.7 KB of response headers and compressed without the others as
 * context, about a fifth of the JavaScript it transferred. The plan, computed once from the graph:
 *
 * - `app-shared`: the entry's modules that lazy chunks import too (with their own imports);
 * - `main-group`: the main group and what, of its static imports, only main-group pages use;
 * - `storefront`: what it shares with another screen group (or error reporting);
 * - `storefront-referral`: what it shares with the referral groups only (the catalogue's pages and
 *   styles), so /mobile and /monitoring load neither that code nor those styles.
 *
 * No other group loads `main-group` or its stylesheet. The main group's lazy pages keep their own
 * chunks and import what they share from these, which every main-group page has loaded already.
 */
function chunkPlan() {
  let plan: Map<string, string> | null = null;
  return {
    /** The chunk the plan puts `id` in (null: where the bundler puts it). */
    chunkOf(id: string, context: ChunkingContext): string | null {
      plan ??= planChunks(id, (module) => context.getModuleInfo(module));
      return plan.get(id) ?? null;
    },
    /** Forgets the plan when a build starts (the graph may have changed). */
    plugin: { name: 'uplink:chunk-plan', apply: 'build', buildStart: () => void (plan = null) } satisfies Plugin,
  };
}

function planChunks(anyModule: string, info: ChunkingContext['getModuleInfo']): Map<string, string> {
  const walk = (roots: Iterable<string>, dynamic: boolean, stop?: string) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length) {
      const next = queue.pop()!;
      if (seen.has(next) || next === stop) continue;
      seen.add(next);
      const module = info(next);
      if (module) queue.push(...module.importedIds, ...(dynamic ? module.dynamicallyImportedIds : []));
    }
    return seen;
  };
  // Every module of the build: the graph around any one of them, in every direction.
  const all = new Set<string>();
  const queue = [anyModule];
  while (queue.length) {
    const next = queue.pop()!;
    if (all.has(next)) continue;
    all.add(next);
    const module = info(next);
    if (module) queue.push(...module.importedIds, ...module.dynamicallyImportedIds, ...module.importers, ...module.dynamicImporters);
  }
  const plan = new Map<string, string>();
  const entryRoots = [...all].filter((module) => APP_ENTRY.test(module));
  const entry = walk(entryRoots, false);
  for (const module of entry) {
    const importers = info(module)?.importers ?? [];
    const library = /[\\/]node_modules[\\/]/.test(module);
    if (!APP_ENTRY.test(module) && (library || importers.some((importer) => !entry.has(importer)))) plan.set(module, 'app-shared');
  }

  const mainRoot = [...all].find((module) => GROUP_ROOT.exec(module)?.[1] === 'main');
  if (!mainRoot) return plan;
  const otherRoots = [...all].filter((module) => GROUP_ROOT.test(module) && module !== mainRoot);
  const mainWorld = walk([mainRoot], true);
  // What the entry loads later that is neither a screen group nor a main-group page: error reporting.
  const entryLater = [...entry]
    .flatMap((module) => info(module)?.dynamicallyImportedIds ?? [])
    .filter((module) => !GROUP_ROOT.test(module) && !mainWorld.has(module));
  // Who else loads a module: the other screen groups (the two referral groups as one), error reporting.
  const users = new Map<string, Set<string>>();
  for (const root of [...otherRoots, ...entryLater]) {
    const name = GROUP_ROOT.exec(root)?.[1].replace(/-v2$/, '') ?? 'reporting';
    for (const module of walk([root], true, mainRoot)) users.set(module, (users.get(module) ?? new Set()).add(name));
  }
  for (const module of walk([mainRoot], false)) {
    if (entry.has(module)) continue;
    const shared = users.get(module);
    if (!shared) plan.set(module, 'main-group');
    else if (shared.size === 1 && shared.has('referral')) plan.set(module, 'storefront-referral');
    else plan.set(module, 'storefront');
  }
  return plan;
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build
 * (SPEC §17: assets pre-compressed). The server sends them as they are (`ServeDir::precompressed_*`),
 * smaller than its on-the-fly compression at a fast level, and without spending CPU per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const text = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
  return {
    name: 'uplink:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => text.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const body = await readFile(path);
          if (body.length < 1024) return;
          const br = await brotli(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          await writeFile(`${path}.br`, br);
          await writeFile(`${path}.gz`, await gzipped(body, { level: 9 }));
        }),
      );
    },
  };
}

const chunks = chunkPlan();

export default defineConfig(({ command }) => ({
  plugins: [react(), chunks.plugin, preloadMainGroup(), precompress()],
  define: {
    // The release error reports carry (SPEC §14); the server reports the same `uplink@<version>`.
    __UPLINK_RELEASE__: JSON.stringify(`uplink@${pkg.version}`),
    // Drop the Sentry SDK's debug logging from the bundle (its documented tree-shaking flag).
    __SENTRY_DEBUG__: false,
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Stable, readable names: a screen group's chunk is `assets/<group>-group-<hash>.js`
        // (e2e tests and the server's immutable-cache rule rely on `/assets/`).
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The chunk plan above (issue 33). `app-shared` takes its modules' own imports with it (all
        // of them the entry's); the main group's chunks take only what the plan names them.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: (id, context) => (chunks.chunkOf(id, context) === 'app-shared' ? 'app-shared' : null),
              includeDependenciesRecursively: true,
            },
            {
              name: (id, context) => {
                const chunk = chunks.chunkOf(id, context);
                return chunk === 'app-shared' ? null : chunk;
              },
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
