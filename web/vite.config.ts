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
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Screens poll and wait up to 5 s per step (see src/testing/setup.ts) on a slow CI machine.
    testTimeout: 30_000,
  },
});
