import { afterAll, expect, it } from "vitest";
import { createMember, PASSWORD } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

let server: TestServer | undefined;
let drop = async () => {};

afterAll(async () => {
  await server?.stop();
  await drop();
});

it("keeps a session across a restart of the server (sessions live in the database)", async () => {
  const database = await freshDatabaseUrl();
  drop = database.drop;
  server = await startTestServer({ databaseUrl: database.url });
  const member = await createMember(server, { siteId: "flirt-nl" });
  const login = await requestAs(
    server.port,
    "flirt-nl.localhost",
    "/api/user.php",
    { "content-type": "application/json", "x-forwarded-for": visitorIp() },
    { method: "POST", body: JSON.stringify({ email: member.email, password: PASSWORD }) },
  );
  expect(login.status).toBe(200);
  const cookie = String(login.headers["set-cookie"]).split(";")[0]!;

  const { dataDir, sitesDir } = server;
  await server.stop();
  server = await startTestServer({ databaseUrl: database.url, dataDir, sitesDir });

  const user = await requestAs(server.port, "flirt-nl.localhost", "/api/user.php", { cookie });
  expect(user.status).toBe(200);
  expect(JSON.parse(user.body).user.profile.id).toBe(member.profileId);
});
