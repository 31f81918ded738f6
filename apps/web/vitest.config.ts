import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // A test that types whole forms through user-event takes 3-4 s on two busy cores (CI runs two
    // workers beside PostgreSQL): the 5 s default would fail it for the machine, not the page.
    testTimeout: 15_000,
    unstubGlobals: true,
    restoreMocks: true,
  },
});
