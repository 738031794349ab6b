import * as ui from "../styles/ui.css";
import * as css from "./brand-settings.css";

/** A setting as a page receives it: its value already written as compact JSON. */
export type ShownSetting = { path: string; value: string; fromDefault: boolean };
export type ShownComparison = { path: string; a: ShownSetting | null; b: ShownSetting | null; differs: boolean };

const groupTitle = (key: string) => key || "General";

export function DefaultBadge() {
  return (
    <span className={ui.badge.neutral} title="Not written in the brand's file: filled by the schema's default">
      default
    </span>
  );
}

function Value({ setting }: { setting: ShownSetting | null }) {
  if (!setting) return <span className={ui.hint}>not set</span>;
  return (
    <>
      <code>{setting.value}</code>
      {setting.fromDefault ? (
        <span className={css.badges}>
          <DefaultBadge />
        </span>
      ) : null}
    </>
  );
}

/** One brand's resolved settings, one table per top-level key. */
export function SettingsTables({ groups }: { groups: { key: string; rows: ShownSetting[] }[] }) {
  return (
    <div className={css.groups}>
      {groups.map((group) => (
        <div key={group.key} className={ui.tableWrap}>
          <table className={`${ui.table} ${css.settings}`}>
            <caption className={css.caption}>{groupTitle(group.key)}</caption>
            <thead>
              <tr>
                <th scope="col" className={css.pathColumn}>
                  Setting
                </th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => (
                <tr key={row.path}>
                  <th scope="row">
                    <code>{row.path}</code>
                  </th>
                  <td>
                    <Value setting={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

/** Two brands' settings side by side, differing rows tinted and marked "differs". */
export function ComparisonTables({ groups, names }: { groups: { key: string; rows: ShownComparison[] }[]; names: [string, string] }) {
  return (
    <div className={css.groups}>
      {groups.map((group) => (
        <div key={group.key} className={ui.tableWrap}>
          <table className={`${ui.table} ${css.settings}`}>
            <caption className={css.caption}>{groupTitle(group.key)}</caption>
            <thead>
              <tr>
                <th scope="col" className={css.pathColumn}>
                  Setting
                </th>
                <th scope="col">{names[0]}</th>
                <th scope="col">{names[1]}</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => (
                <tr key={row.path} className={row.differs ? css.differs : undefined}>
                  <th scope="row">
                    <code>{row.path}</code>
                    {row.differs ? (
                      <span className={css.badges}>
                        <span className={ui.badge.warn}>differs</span>
                      </span>
                    ) : null}
                  </th>
                  <td>
                    <Value setting={row.a} />
                  </td>
                  <td>
                    <Value setting={row.b} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
