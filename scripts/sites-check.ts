// `npm run sites:check [dir]`: validates every brand file; prints file, JSON path and problem; exits 1 on any.
import path from "node:path";
import { formatProblems, loadSites } from "../server/sites/load";

const dir = path.resolve(process.argv[2] ?? process.env.SITES_DIR ?? "sites");
const { sites, problems } = await loadSites(dir);
if (problems.length > 0) {
  console.error(formatProblems(problems));
  console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
  process.exit(1);
}
console.log(`${sites.length} site files are valid: ${sites.map((site) => site.id).join(", ")}`);
