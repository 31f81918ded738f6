// One lint setup for the whole repository. Besides code quality it enforces the dependency
// direction of DESIGN.md section 3, so a layering mistake fails `npm run check`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) => {
  try {
    return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

const restrict = (...patterns) => ['error', { patterns }];

/** What the layers below the modules (plugins, lib, db, jobs) may not import. */
const BELOW_MODULES = [
  { group: ['@ctn/web*', '**/apps/web/**'], message: 'the server never imports the web app' },
  {
    group: ['**/modules/**', '**/modules/*'],
    message: 'plugins, lib, db and jobs import no module: take a function instead',
  },
  {
    group: ['**/app', '**/services', '**/background-jobs', '**/bootstrap/**'],
    message: 'the composition root imports these layers, never the other way round',
  },
];
/** Services, queries, integrations and jobs never see the request. */
const NO_REQUEST = {
  group: ['fastify', '@fastify/*', '**/*.routes'],
  message: 'services, queries and integrations never see the request',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  // Type-aware: a promise nobody awaits or handles, an await of a non-promise, an async function
  // where a void callback is expected are errors.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The Vitest configs belong to no tsconfig: the default project types them.
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'packages/contracts/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      // An async function without await is how a Fastify handler, or a fake of an async
      // interface, returns a promise; the type-aware rules are here for promises left unhandled.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // A JSX handler may return a promise (react-hook-form's handleSubmit): React ignores it.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // contracts: shared by browser and server, so neither side's libraries may enter.
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        {
          group: [
            'fastify',
            'fastify-*',
            '@fastify/*',
            'drizzle-orm*',
            'pg',
            '@electric-sql/*',
            'react',
            'react-*',
            'node:*',
          ],
          message: 'contracts import neither server nor DOM code',
        },
        { group: ['@ctn/server*', '@ctn/web*'], message: 'contracts depend on nothing of ours' },
      ),
    },
  },
  // server: routes speak HTTP only; services hold rules; queries hold SQL.
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { group: ['@ctn/web*', '**/apps/web/**'], message: 'the server never imports the web app' },
        {
          group: ['../*/*.queries', '../../modules/*/*.queries', '**/modules/*/*.queries'],
          message: 'reach another module through its service, never its queries',
        },
      ),
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': restrict(
        {
          group: ['**/*.queries', 'drizzle-orm', 'drizzle-orm/*', '**/db/client', '**/db/schema'],
          message: 'a route never touches SQL: call the service',
        },
        { group: ['@ctn/web*'], message: 'the server never imports the web app' },
      ),
    },
  },
  {
    files: [
      'apps/server/src/modules/**/*.service.ts',
      'apps/server/src/modules/**/*.queries.ts',
      'apps/server/src/integrations/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/dev-mailbox.routes.ts'],
    rules: {
      'no-restricted-imports': restrict(NO_REQUEST, {
        group: ['../*/*.queries', '**/modules/*/*.queries'],
        message: 'reach another module through its service, never its queries',
      }),
    },
  },
  // The offline sweep (decision 047) holds the deposit seed: it is its own program, given flags,
  // and touches none of the server's configuration, database, modules or composition.
  {
    files: ['apps/server/src/sweep/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        {
          group: [
            '**/config',
            '**/db/**',
            '**/modules/**',
            '**/app',
            '**/services',
            '**/background-jobs',
            '**/bootstrap/**',
          ],
          message: 'the sweep never reads the server: it takes its own flags',
        },
        NO_REQUEST,
      ),
    },
  },
  // Nothing of the server imports the sweep: the seed's code path never runs in it.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/sweep/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/(^|\\/)sweep\\//]',
          message: 'the server never imports the offline sweep (decision 047)',
        },
      ],
    },
  },
  // A queries file holds SQL: it calls no service (another module's SQL comes from its *.sql.ts).
  {
    files: ['apps/server/src/modules/**/*.queries.ts'],
    rules: {
      'no-restricted-imports': restrict(
        NO_REQUEST,
        {
          group: ['../*/*.queries', '**/modules/*/*.queries'],
          message: 'reach another module through its service, never its queries',
        },
        {
          group: ['**/*.service', '**/*.service.ts'],
          message: "a queries file calls no service: import the other module's *.sql piece",
        },
      ),
    },
  },
  // The layers below the modules: they serve every module and know none of them, nor the
  // composition that wires them (app.ts, services.ts, background-jobs.ts, bootstrap/).
  {
    files: [
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/db/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(...BELOW_MODULES) },
  },
  {
    files: ['apps/server/src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(NO_REQUEST, ...BELOW_MODULES) },
  },
  // web: app -> features -> components/lib; features do not import each other.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict({
        group: ['@ctn/server*', '**/apps/server/**', 'node:*'],
        message: 'the web app imports contracts, never the server',
      }),
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
        message: 'shared code never depends on features or the app shell',
      }),
    },
  },
  ...dirs('./apps/web/src/features/').map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message: 'features do not import each other: move shared code to components/ or lib/',
        },
        { group: ['@/app/*'], message: 'features never import the app shell' },
        {
          group: ['@ctn/server*', 'node:*'],
          message: 'the web app imports contracts, never the server',
        },
      ),
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A test reads answers typed `any` (light-my-request's json()) to assert on them, and passes
      // mocks' methods to expect().
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
