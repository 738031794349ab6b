// The rule that keeps the previous release running on the new schema during a rolling deploy
// (docs/decisions/051-production-stack-and-migrations.md): a migration only adds. What takes away
// or narrows (a dropped or renamed table or column, a changed column type, a column that becomes
// NOT NULL without a default) comes one release after the code stopped needing it, marked as the
// contract step of the migration that began the change: `-- contract: 0025_profile_nickname.sql`.
import { parse } from "libpg-query";

export type MigrationFile = { name: string; sql: string };

/**
 * The newest migration written before the rule, when no release had yet run beside another: the
 * files up to it are not held to it (0003 makes profiles.pool NOT NULL in the migration that adds it).
 */
export const LAST_MIGRATION_BEFORE_THE_RULE = "0024_signup_profile.sql";

/** Marks a statement as the contract step of an earlier migration (the expand it completes). */
const CONTRACT_MARKER = /--\s*contract:\s*(\d{4}_[a-z0-9_]+\.sql)/;

// The parser's node shapes for the statements the rule looks at.
type RangeVar = { relname?: string };
type Constraint = { Constraint?: { contype?: string } };
type AlterTableCmd = { subtype?: string; name?: string; def?: { ColumnDef?: { colname?: string; constraints?: Constraint[] } } };
type Statement = {
  CreateStmt?: { relation?: RangeVar };
  DropStmt?: { removeType?: string; objects?: { List?: { items?: { String?: { sval?: string } }[] } }[] };
  RenameStmt?: { renameType?: string; relation?: RangeVar; subname?: string; newname?: string };
  AlterTableStmt?: { relation?: RangeVar; objtype?: string; cmds?: { AlterTableCmd?: AlterTableCmd }[] };
};

const DROPPED_KINDS: Record<string, string> = { OBJECT_TABLE: "table", OBJECT_VIEW: "view", OBJECT_MATVIEW: "materialized view", OBJECT_TYPE: "type" };
const RENAMED_KINDS: Record<string, string> = { OBJECT_TABLE: "table", OBJECT_COLUMN: "column", OBJECT_VIEW: "view", OBJECT_TYPE: "type" };

/** What in one statement would break the previous release's queries; tables made by the same file are new to everyone. */
function breakingParts(statement: Statement, createdHere: Set<string>): { what: string }[] {
  if (statement.DropStmt) {
    const kind = DROPPED_KINDS[statement.DropStmt.removeType ?? ""];
    if (!kind) return [];
    return (statement.DropStmt.objects ?? [])
      .map((object) => (object.List?.items ?? []).map((item) => item.String?.sval ?? "").at(-1) ?? "")
      .filter((name) => !createdHere.has(name))
      .map((name) => ({ what: `drops the ${kind} ${name}` }));
  }
  if (statement.RenameStmt) {
    const kind = RENAMED_KINDS[statement.RenameStmt.renameType ?? ""];
    const table = statement.RenameStmt.relation?.relname ?? "";
    if (!kind || createdHere.has(table)) return [];
    const renamed = kind === "column" ? `${table}.${statement.RenameStmt.subname}` : table;
    return [{ what: `renames the ${kind} ${renamed} to ${statement.RenameStmt.newname}` }];
  }
  if (statement.AlterTableStmt && statement.AlterTableStmt.objtype === "OBJECT_TABLE") {
    const table = statement.AlterTableStmt.relation?.relname ?? "";
    if (createdHere.has(table)) return [];
    return (statement.AlterTableStmt.cmds ?? []).flatMap(({ AlterTableCmd: command }) => {
      if (command?.subtype === "AT_DropColumn") return [{ what: `drops the column ${table}.${command.name}` }];
      if (command?.subtype === "AT_AlterColumnType") return [{ what: `changes the type of ${table}.${command.name}` }];
      if (command?.subtype === "AT_SetNotNull") return [{ what: `makes ${table}.${command.name} NOT NULL` }];
      const column = command?.subtype === "AT_AddColumn" ? command.def?.ColumnDef : undefined;
      const kinds = (column?.constraints ?? []).map((constraint) => constraint.Constraint?.contype);
      const filledIn = kinds.some((kind) => kind === "CONSTR_DEFAULT" || kind === "CONSTR_IDENTITY" || kind === "CONSTR_GENERATED");
      if (column && kinds.includes("CONSTR_NOTNULL") && !filledIn) return [{ what: `adds ${table}.${column.colname} NOT NULL without a default` }];
      return [];
    });
  }
  return [];
}

const LEADING_COMMENTS = /^(?:;|\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;

const lineAt = (sql: string, byteOffset: number) => Buffer.from(sql).subarray(0, byteOffset).toString().split("\n").length;

/**
 * Every statement of `files` that takes away or narrows what the previous release may use, without
 * a contract marker naming an earlier migration. `dir` names the folder in the messages.
 */
export async function expandContractProblems(files: readonly MigrationFile[], dir: string): Promise<string[]> {
  const names = files.map((file) => file.name);
  const problems: string[] = [];
  for (const file of files.filter((file) => file.name > LAST_MIGRATION_BEFORE_THE_RULE)) {
    let statements: { stmt: Statement; stmt_location?: number; stmt_len?: number }[];
    try {
      statements = (await parse(file.sql)).stmts as typeof statements;
    } catch (error) {
      problems.push(`${dir}/${file.name}: PostgreSQL's parser refuses it: ${(error as Error).message}`);
      continue;
    }
    const createdHere = new Set(statements.map(({ stmt }) => stmt.CreateStmt?.relation?.relname).filter((name): name is string => Boolean(name)));
    const bytes = Buffer.from(file.sql);
    let previousEnd = 0;
    for (const { stmt, stmt_location: location = 0, stmt_len: length = 0 } of statements) {
      const end = length > 0 ? location + length : bytes.length;
      // The statement with the comments above it, back to the previous statement's end.
      const text = bytes.subarray(previousEnd, end).toString();
      const start = previousEnd + Buffer.byteLength(LEADING_COMMENTS.exec(text)?.[0] ?? "");
      previousEnd = end;
      const parts = breakingParts(stmt, createdHere);
      if (parts.length === 0) continue;
      const contractOf = CONTRACT_MARKER.exec(text)?.[1];
      const line = lineAt(file.sql, start);
      for (const { what } of parts) {
        if (!contractOf) {
          problems.push(
            `${dir}/${file.name}, line ${line}: ${what}, which the previous release may still use during a rolling deploy; ` +
              "add what replaces it now, and take the old away one release later in its own migration, marked -- contract: <the migration that added the replacement>",
          );
        } else if (!names.includes(contractOf) || contractOf >= file.name) {
          problems.push(`${dir}/${file.name}, line ${line}: ${what} as the contract step of ${contractOf}, which is not an earlier migration; name the migration that began the change`);
        }
      }
    }
  }
  return problems;
}
