/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const backend = 'http://127.0.0.1:8080';

// React Router's package exports point at its development build only (remix-run/react-router#12437,
// "temporary"); its production build beside it differs only in dropping the dev warnings. The
// bundle uses the production build (D76); `vite dev` and Vitest keep the development one.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
