// Do PostgreSQL and Redis answer? Exits 0 when both do (DATABASE_URL and REDIS_URL, else the
// default local addresses), printing the two URLs; else exits 1 saying which did not.
import net from "node:net";
import pg from "pg";

const databaseUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function redisAnswers() {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: hostname || "127.0.0.1", port: Number(port || 6379) });
    socket.setTimeout(2_000, () => socket.destroy());
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    // A password-protected Redis answers -NOAUTH: it is there, and the tests will say what is wrong.
    socket.once("data", (data) => {
      resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
      socket.destroy();
    });
  });
}

const [postgres, redis] = await Promise.all([postgresAnswers(), redisAnswers()]);
if (postgres && redis) {
  console.log(`DATABASE_URL=${databaseUrl} REDIS_URL=${redisUrl}`);
  process.exit(0);
}
const missing = [!postgres && `PostgreSQL (${databaseUrl})`, !redis && `Redis (${redisUrl})`].filter(Boolean).join(" and ");
console.log(`${missing} did not answer`);
process.exit(1);
