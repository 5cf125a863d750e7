/// <reference types="vitest/config" />
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
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
 * entry has run and picked the group. A modulepreload hint for it and its own imports lets the
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
        const scripts = [group.fileName, ...group.imports].filter((file) => !entryFiles.has(file));
        const styles = [...(group.viteMetadata?.importedCss ?? [])];
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-group': 'main' },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}`, 'data-group': 'main' },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
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

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadMainGroup(), precompress()],
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
