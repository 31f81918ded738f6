// The baselines of npm run bench:load, in a process of their own: the same Fastify as the server,
// logger off, no plugins. Prints "listening <port>" when ready.
// GET /bare: a small JSON object (the reference of the targets).
// With BARE_DATABASE_URL and BARE_USER_ID (references, not targets): GET /bare-db answers one
// primary-key SELECT of `users` (the session lookup's statement) through a pg pool of 10 as
// an unnamed statement, like every query of the server; GET /bare-db-prepared the same as a
// named prepared statement (the floor of issue 16's goals); GET /bare-db-postgresjs the same
// through postgres.js (prepared, pipelined), to weigh it against pg (issue 16).
import Fastify from 'fastify';
import pg from 'pg';
import postgres from 'postgres';

const SESSION_SQL =
  'select "id", "email", "is_admin", "status", "token_version" from "users" where "users"."id" = $1';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, message: 'OK', data: { hello: 'world' } }));

const databaseUrl = process.env['BARE_DATABASE_URL'];
const userId = process.env['BARE_USER_ID'];
let pool: pg.Pool | null = null;
let other: postgres.Sql | null = null;
if (databaseUrl && userId) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool = db;
  const js = postgres(databaseUrl, { max: 10, prepare: true });
  other = js;
  app.get('/bare-db-postgresjs', async () => {
    const rows =
      await js`select "id", "email", "is_admin", "status", "token_version" from "users" where "users"."id" = ${userId}`;
    return { success: true, message: 'OK', data: rows[0] ?? null };
  });
  app.get('/bare-db', async () => {
    const { rows } = await db.query(SESSION_SQL, [userId]);
    return { success: true, message: 'OK', data: rows[0] ?? null };
  });
  app.get('/bare-db-prepared', async () => {
    const { rows } = await db.query({ name: 'bare_session', text: SESSION_SQL, values: [userId] });
    return { success: true, message: 'OK', data: rows[0] ?? null };
  });
}

await app.listen({ host: '127.0.0.1', port: Number(process.env['PORT'] ?? 0) });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : '?'}`);

const stop = () =>
  void app
    .close()
    .then(() => Promise.all([pool?.end(), other?.end()]))
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
