// The floor of npm run bench:load, in a process of its own: the same Fastify as the server,
// logger off, no plugins. Prints "listening <port>" when ready.
// GET /bare-db-prepared answers one primary-key SELECT of `users` (the session lookup's
// statement) through a pg pool of 10 as a named prepared statement: issue 16's goals are shares
// of its req/s. (The other references it once served, a route without the database, the same
// SELECT unnamed and through postgres.js, were dropped once their conclusions were recorded:
// docs/performance.md, "Load", and decision 020.)
import Fastify from 'fastify';
import pg from 'pg';

const SESSION_SQL =
  'select "id", "email", "is_admin", "status", "token_version" from "users" where "users"."id" = $1';

const databaseUrl = process.env['BARE_DATABASE_URL'];
const userId = process.env['BARE_USER_ID'];
if (!databaseUrl || !userId) throw new Error('BARE_DATABASE_URL and BARE_USER_ID are required');

const app = Fastify({ logger: false });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
app.get('/bare-db-prepared', async () => {
  const { rows } = await pool.query<Record<string, unknown>>({
    name: 'bare_session',
    text: SESSION_SQL,
    values: [userId],
  });
  return { success: true, message: 'OK', data: rows[0] ?? null };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env['PORT'] ?? 0) });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : '?'}`);

const stop = () =>
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
