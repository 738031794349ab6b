// Run as `node --import ./tests/support/record-imports.mjs …` with IMPORTS_FILE set: every module the
// process imports is written to that file, one URL a line, so a test can tell what was loaded.
import { register } from "node:module";

register("./record-imports-hooks.mjs", import.meta.url, { data: { file: process.env.IMPORTS_FILE } });
