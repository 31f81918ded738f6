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
    // A worker imports React, the router, Radix and Testing Library once for all its files, not
    // once per file (most of the suite's time); src/testing/setup.ts evaluates our own modules
    // again for each file, so a toast or a maintenance notice never carries over.
    isolate: false,
    restoreMocks: true,
    // Node 25 and later define a global localStorage of their own (Web Storage, empty without
    // --localstorage-file) that hides jsdom's; CI runs the suite on the current LTS (decision 041).
    execArgv: Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-webstorage'] : [],
  },
});
