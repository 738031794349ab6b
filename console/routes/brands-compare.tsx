import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { compactJson, compareBrands, groupByTopLevel, resolvedSettings } from "../../server/support/brand-inspection";
import { consoleContext, requirePermission } from "../../server/support/console-context";
import { ComparisonTables, type ShownSetting } from "../components/brand-settings";
import * as ui from "../styles/ui.css";
import * as css from "./brands.css";

export const meta: MetaFunction = () => [{ title: "Compare brands · Amora support" }];

export function loader({ context }: LoaderFunctionArgs) {
  requirePermission(context, "brands:view");
  const { services, url } = consoleContext(context);
  const sites = services.sites;
  const brands = sites
    .all()
    .map((site) => ({ id: site.id, name: site.name }))
    .sort((x, y) => x.id.localeCompare(y.id));
  const asked = { a: url.searchParams.get("a") ?? "", b: url.searchParams.get("b") ?? "" };
  const onlyDifferences = url.searchParams.get("only") === "differences";
  // Coming from one brand's row: the other side starts as the first other brand.
  const chosen = { a: asked.a || (brands[0]?.id ?? ""), b: asked.b || (brands.find((brand) => brand.id !== (asked.a || brands[0]?.id))?.id ?? "") };
  const siteA = sites.byId(chosen.a);
  const siteB = sites.byId(chosen.b);
  const errors = {
    a: asked.a && !siteA ? `No brand has the id "${asked.a.slice(0, 100)}".` : undefined,
    b: asked.b && !siteB ? `No brand has the id "${asked.b.slice(0, 100)}".` : undefined,
  };
  if (!siteA || !siteB) return { brands, chosen, onlyDifferences, errors, comparison: undefined };

  const shown = (side: { value: unknown; fromDefault: boolean } | undefined, path: string): ShownSetting | null =>
    side ? { path, value: compactJson(side.value), fromDefault: side.fromDefault } : null;
  const rows = compareBrands(resolvedSettings(sites, siteA), resolvedSettings(sites, siteB)).map((row) => ({
    path: row.path,
    differs: row.differs,
    a: shown(row.a, row.path),
    b: shown(row.b, row.path),
  }));
  const differing = rows.filter((row) => row.differs).length;
  return {
    brands,
    chosen,
    onlyDifferences,
    errors,
    comparison: {
      names: [`${siteA.name} (${siteA.id})`, `${siteB.name} (${siteB.id})`] as [string, string],
      differing,
      total: rows.length,
      groups: groupByTopLevel(onlyDifferences ? rows.filter((row) => row.differs) : rows),
    },
  };
}

export default function BrandsCompare() {
  const { brands, chosen, onlyDifferences, errors, comparison } = useLoaderData<typeof loader>();
  const select = (side: "a" | "b", label: string) => (
    <div className={ui.field}>
      <label htmlFor={`brand-${side}`} className={ui.label}>
        {label}
      </label>
      <select
        id={`brand-${side}`}
        name={side}
        className={ui.input}
        defaultValue={chosen[side]}
        aria-invalid={errors[side] ? true : undefined}
        aria-describedby={errors[side] ? `brand-${side}-error` : undefined}
      >
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name} ({brand.id})
          </option>
        ))}
      </select>
      {errors[side] ? (
        <p id={`brand-${side}-error`} className={ui.fieldError}>
          {errors[side]}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Compare brands</h1>
        <p className={ui.lead}>
          Two brands' resolved settings side by side. <Link to="/brands">All brands</Link>
        </p>
      </div>
      <Form method="get" className={ui.inlineForm}>
        {select("a", "First brand")}
        {select("b", "Second brand")}
        <label className={css.checkbox}>
          <input type="checkbox" name="only" value="differences" defaultChecked={onlyDifferences} /> Only differences
        </label>
        <button type="submit" className={ui.button.primary}>
          Compare
        </button>
      </Form>
      {comparison ? (
        <section aria-labelledby="comparison" className={css.section}>
          <h2 id="comparison">
            {comparison.names[0]} and {comparison.names[1]}
          </h2>
          <p className={ui.hint}>
            {comparison.differing} of {comparison.total} settings differ
            {onlyDifferences ? "; only those are shown" : ""}. A &ldquo;default&rdquo; value is not written in the brand&apos;s file.
          </p>
          <ComparisonTables groups={comparison.groups} names={comparison.names} />
        </section>
      ) : null}
    </div>
  );
}
