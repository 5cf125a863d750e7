/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  define: {
    // The release error reports carry (SPEC §14); the server reports the same `uplink@<version>`.
    __UPLINK_RELEASE__: JSON.stringify(`uplink@${pkg.version}`),
    // Drop the Sentry SDK's debug logging from the bundle (its documented tree-shaking flag).
    __SENTRY_DEBUG__: false,
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
