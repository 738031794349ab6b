// `npm run deploy:check`: deploy/compose.yaml and deploy/Caddyfile against the Dockerfile and what
// the app requires in production, without Docker (Debian's caddy adapts and validates the
// Caddyfile). Prints each problem with its file, service and what to do; exits 1 on any.
import { deployCheck, DEPLOY_FILES } from "./deploy/check";

const { problems, brands } = await deployCheck(process.cwd());
if (problems.length > 0) {
  for (const problem of problems) console.error(`- ${problem}`);
  console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"} in the production stack.`);
  process.exit(1);
}
console.log(`${DEPLOY_FILES.compose}, ${DEPLOY_FILES.caddyfile} and the ${DEPLOY_FILES.dockerfile} agree; every variable production requires is set for ${brands.join(", ")}.`);
