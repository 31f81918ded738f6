// npm run openapi       writes docs/openapi.json
// npm run lint:openapi  (this script with --check, then Redocly's linter) exits 1 when
//                       docs/openapi.json differs from what the routes say, or when
//                       swagger-parser finds it invalid
//
// The API document as the server publishes it at /api/docs/json (plugins/openapi.ts), built
// from the routes of a server on an empty in-memory database with the quick start's address.
import { readFile, writeFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createServices } from '../src/services';

const TARGET = new URL('../../../docs/openapi.json', import.meta.url);

async function generate(): Promise<string> {
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'openapi-document-openapi-document-0123',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const database = await openDatabase(config.database);
  try {
    await migrate(database);
    const composition = await createServices(config, database);
    try {
      const app = await buildApp({ config, database, services: composition.services });
      await app.ready();
      const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
      await app.close();
      return text;
    } finally {
      await composition.close();
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const text = await generate();
  if (!process.argv.includes('--check')) {
    await writeFile(TARGET, text);
    return 0;
  }
  const committed = await readFile(TARGET, 'utf8').catch(() => '');
  if (committed !== text) {
    console.error('docs/openapi.json differs from the routes: run `npm run openapi`, commit it.');
    return 1;
  }
  // Resolves every $ref and checks the document against the OpenAPI 3.1 schema.
  await SwaggerParser.validate(JSON.parse(text) as Parameters<typeof SwaggerParser.validate>[0]);
  console.log('docs/openapi.json: as the routes say, and a valid OpenAPI document.');
  return 0;
}

process.exitCode = await main();
