/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    // The API serves GraphQL on its own port in development; the app always calls a relative /graphql.
    proxy: { '/graphql': process.env.SELLERDESK_API ?? 'http://127.0.0.1:8080' },
  },
  // The server swaps this placeholder for a fresh nonce on every page it serves; its
  // Content-Security-Policy lets through only the inline styles that carry it (PrimeReact's).
  html: { cspNonce: 'SELLERDESK_CSP_NONCE' },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Rendering under jsdom is CPU work: one worker per core (the default leaves one idle).
    maxWorkers: '100%',
    // Screens poll and wait up to 10 s per step (see src/testing/setup.ts) on a slow CI machine.
    testTimeout: 30_000,
  },
});
