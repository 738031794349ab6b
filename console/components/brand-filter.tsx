import { Form } from "@remix-run/react";
import * as ui from "../styles/ui.css";

export type BrandOption = { id: string; name: string };

/** The brands of the registry, by name, for a filter. */
export function brandOptions(sites: { all(): { id: string; name: string }[] }): BrandOption[] {
  return sites
    .all()
    .map((site) => ({ id: site.id, name: site.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A queue's brand filter: a plain GET form (it works without JavaScript), keeping the queue's
 * other parameters (`keep`, such as the complaint tab) and dropping any position in the queue.
 */
export function BrandFilter({ brands, siteId, label, keep = {} }: { brands: BrandOption[]; siteId: string; label: string; keep?: Record<string, string> }) {
  return (
    <Form method="get" className={ui.inlineForm} aria-label={label}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={ui.field}>
        <label htmlFor="field-site" className={ui.label}>
          Brand
        </label>
        <select id="field-site" name="site" defaultValue={siteId} className={ui.input}>
          <option value="">All brands</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name} ({brand.id})
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={ui.button.secondary}>
        Show
      </button>
    </Form>
  );
}
