// Every test file of a worker shares the worker's imports (isolate: false in vitest.config.ts):
// Fastify, drizzle and PGlite are imported once per worker instead of once per file, which was
// most of the suite's time. Our own modules are evaluated afresh for each file, so no file sees
// module state another one left behind.
import { vi } from 'vitest';

vi.resetModules();
