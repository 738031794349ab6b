import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { actorOf, consoleContext, requirePermission } from "../../server/support/console-context";
import {
  brandCurrencies,
  createDiscountCode,
  EXPIRY_YEARS_MAX,
  LIST_LIMIT,
  listDiscountCodes,
  parseDiscountCodeForm,
  RETENTION_CODE_PREFIX,
  setDiscountCodeStatus,
  type DiscountCodeField,
  type DiscountCodeFormValues,
} from "../../server/support/discount-codes";
import { PAYMENT_METHODS } from "../../server/sites/payments";
import { FormError, SelectField, TextField } from "../components/text-field";
import * as ui from "../styles/ui.css";
import * as css from "./brands-discount-codes.css";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `Discount codes · ${page?.site.name ?? "Brand"} · Amora support` }];

const DAY_MS = 86_400_000;
/** UTC, to the minute: staff in every country read the same time. */
const at = (value: Date) => value.toISOString().slice(0, 16).replace("T", " ");
const money = (amount: number, currency: string | null) => `${(amount / 100).toFixed(2)}${currency ? ` ${currency}` : ""}`;

function brandOf(context: unknown, id: string | undefined) {
  const site = consoleContext(context).services.sites.byId(id ?? "");
  if (!site) throw new Response("No brand has this id.", { status: 404 });
  return site;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  requirePermission(context, "promotions:manage");
  const site = brandOf(context, params.id);
  const { codes, retentionCodes } = await listDiscountCodes(consoleContext(context).services.store.db, site.id);
  const now = new Date();
  return {
    site: { id: site.id, name: site.name },
    countries: site.countries.map((country) => ({ country, currency: site.currencies[country] ?? "" })),
    currencies: brandCurrencies(site),
    retentionCodes,
    codes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      percentage: `${code.percentage}%`,
      minimum: code.minimumOrderValue === null ? null : money(code.minimumOrderValue, code.currency),
      currency: code.currency,
      country: code.country,
      accountId: code.accountId,
      // Stored as the moment it stops working: the day before is its last.
      lastDay: code.expiresAt ? new Date(code.expiresAt.getTime() - DAY_MS).toISOString().slice(0, 10) : null,
      expired: code.expiresAt !== null && code.expiresAt <= now,
      status: code.status,
      validity: code.validity,
      paymentMethods: code.paymentMethods,
      createdAt: at(code.createdAt),
      paidPayments: code.paidPayments,
      heldByOpenPayments: code.heldByOpenPayments,
    })),
  };
}

type Answer = {
  intent: string | undefined;
  status: number;
  notice?: string;
  formError?: string;
  fieldErrors?: Partial<Record<DiscountCodeField, string>>;
  /** What was sent, to fill the form again after a refusal (without JavaScript too). */
  values?: DiscountCodeFormValues;
  /** The code just created: the form starts empty again. */
  createdId?: number;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const answer = await runIntent({ request, params, context });
  return data(answer, { status: answer.status });
}

async function runIntent({ request, params, context }: Pick<ActionFunctionArgs, "request" | "params" | "context">): Promise<Answer> {
  requirePermission(context, "promotions:manage");
  const site = brandOf(context, params.id);
  const db = consoleContext(context).services.store.db;
  const actor = actorOf(context);
  const form = await request.formData();
  const intent = text(form, "intent");

  if (intent === "create") {
    const values: DiscountCodeFormValues = {
      code: text(form, "code"),
      percentage: text(form, "percentage"),
      minimum: text(form, "minimum"),
      currency: text(form, "currency"),
      country: text(form, "country"),
      member: text(form, "member"),
      expires: text(form, "expires"),
      validity: text(form, "validity"),
      methods: form.getAll("methods").filter((value): value is string => typeof value === "string"),
    };
    const parsed = parseDiscountCodeForm(site, values);
    if ("fieldErrors" in parsed) return { intent, status: 400, fieldErrors: parsed.fieldErrors, values };
    const created = await createDiscountCode({ db, actor, siteId: site.id, input: parsed.input });
    switch (created.status) {
      case "exists":
        return { intent, status: 409, values, fieldErrors: { code: `${parsed.input.code} already exists for ${site.name}: choose another code, or switch the existing one on.` } };
      case "member_not_found":
        return { intent, status: 400, values, fieldErrors: { member: `No member of ${site.name} has this profile id or e-mail address.` } };
      case "member_deleted":
        return { intent, status: 409, values, fieldErrors: { member: "This member's account is deleted: a code for them could never be used." } };
      case "created":
        return { intent, status: 200, notice: `${created.code} is created and works from now on.`, createdId: created.id };
    }
  }

  if (intent === "disable" || intent === "enable") {
    const idText = text(form, "id");
    const id = /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : undefined;
    const changed = id ? await setDiscountCodeStatus({ db, actor, siteId: site.id, id, status: intent === "disable" ? "disabled" : "active" }) : ({ status: "not_found" } as const);
    if (changed.status === "not_found") return { intent, status: 404, formError: `${site.name} has no such discount code.` };
    const [done, unchanged] =
      intent === "disable"
        ? [`${changed.code} is switched off: members who type it are told it does not exist.`, `${changed.code} was switched off already.`]
        : [`${changed.code} works again.`, `${changed.code} was working already.`];
    return { intent, status: 200, notice: changed.status === "done" ? done : unchanged };
  }

  return { intent: undefined, status: 400, formError: "Unknown request." };
}

/** A group of radios or checkboxes with its legend, hint and error. */
function Choices({ name, legend, hint, error, children }: { name: string; legend: string; hint?: string; error?: string; children: ReactNode }) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={css.choices} aria-describedby={described}>
      <legend className={ui.label}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      <div className={css.options}>{children}</div>
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function CreateForm() {
  const { countries, currencies } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const create = answer?.intent === "create" ? answer : undefined;
  const errors = create?.fieldErrors ?? {};
  const values = create?.values;
  const busy = useNavigation().formData?.get("intent") === "create";
  const ticked = new Set(values?.methods ?? []);
  return (
    // A new key after each created code empties the form for the next one.
    <Form method="post" className={css.createForm} key={create?.createdId ?? "new"} aria-labelledby="create-title">
      <h2 id="create-title" className={css.wide}>
        New code
      </h2>
      <input type="hidden" name="intent" value="create" />
      <TextField
        name="code"
        label="Code"
        required
        maxLength={32}
        spellCheck={false}
        autoCapitalize="characters"
        autoComplete="off"
        hint="3 to 32 letters, digits, - or _. Members may type it in any case."
        defaultValue={values?.code}
        error={errors.code}
      />
      <TextField name="percentage" label="Discount (%)" required inputMode="decimal" maxLength={6} hint="Above 0 and below 100, such as 15 or 12.5." defaultValue={values?.percentage} error={errors.percentage} />
      <TextField name="expires" label="Last day" type="date" required hint={`The code works until the end of this day (UTC), at most ${EXPIRY_YEARS_MAX} years ahead.`} defaultValue={values?.expires} error={errors.expires} />
      <TextField name="minimum" label="Minimum order value (optional)" inputMode="decimal" maxLength={10} hint="Only packages of at least this price are discounted, such as 19.95." defaultValue={values?.minimum} error={errors.minimum} />
      <SelectField name="currency" label="Currency" hint="Required with a minimum order value; otherwise the code works in any." defaultValue={values?.currency ?? ""} error={errors.currency}>
        <option value="">Any currency</option>
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </SelectField>
      <SelectField name="country" label="Country" defaultValue={values?.country ?? ""} error={errors.country}>
        <option value="">Any of the brand's countries</option>
        {countries.map(({ country, currency }) => (
          <option key={country} value={country}>
            {country} ({currency})
          </option>
        ))}
      </SelectField>
      <TextField
        name="member"
        label="For one member (optional)"
        maxLength={254}
        spellCheck={false}
        autoCapitalize="none"
        autoComplete="off"
        hint="Their profile id or e-mail address: nobody else can use the code."
        defaultValue={values?.member}
        error={errors.member}
      />
      <Choices name="validity" legend="Validity" error={errors.validity}>
        {(
          [
            ["once_per_user", "Once per member"],
            ["unlimited", "Unlimited"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={css.option}>
            <input type="radio" name="validity" value={value} defaultChecked={(values?.validity ?? "once_per_user") === value} />
            {label}
          </label>
        ))}
      </Choices>
      <div className={css.wide}>
        <Choices name="methods" legend="Payment methods" hint="Tick none for any method." error={errors.methods}>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className={css.option}>
              <input type="checkbox" name="methods" value={method} defaultChecked={ticked.has(method)} />
              {method}
            </label>
          ))}
        </Choices>
      </div>
      <div className={css.wide}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          Create the code
        </button>
      </div>
    </Form>
  );
}

function StatusForm({ id, code, active }: { id: number; code: string; active: boolean }) {
  const intent = active ? "disable" : "enable";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={active ? ui.button.danger : ui.button.secondary} aria-label={`${active ? "Switch off" : "Switch on"} ${code}`}>
        {active ? "Switch off" : "Switch on"}
      </button>
    </Form>
  );
}

export default function DiscountCodes() {
  const { site, codes, retentionCodes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Discount codes · {site.name}</h1>
        <p className={ui.lead}>
          {site.id} · <Link to="/brands">back to brands</Link>
        </p>
      </div>
      {/* One grid cell for both, so an empty page has no gap for them. */}
      <div>
        <div role="status">{answer?.notice ? <p className={ui.notice.ok}>{answer.notice}</p> : null}</div>
        <FormError message={answer?.formError} />
      </div>

      <section className={ui.card}>
        <CreateForm />
      </section>

      <section className={css.list} aria-labelledby="codes-title">
        <h2 id="codes-title">Codes</h2>
        <p className={ui.hint}>
          The newest {LIST_LIMIT} at most, newest first.
          {retentionCodes > 0 ? ` Not listed: ${retentionCodes} one-member code${retentionCodes === 1 ? "" : "s"} (${RETENTION_CODE_PREFIX}…) made by the account-deletion offer.` : ""}
        </p>
        {codes.length === 0 ? (
          <p className={ui.hint}>{site.name} has no discount codes yet.</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className={ui.visuallyHidden}>Discount codes of {site.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Where</th>
                  <th scope="col">Validity</th>
                  <th scope="col">Last day</th>
                  <th scope="col">Used</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {codes.map((code) => (
                  <tr key={code.id}>
                    <td>
                      <code className={css.code}>{code.code}</code>
                      <div className={ui.hint}>{`created ${code.createdAt}`}</div>
                    </td>
                    <td className={css.nowrap}>
                      {code.percentage}
                      {code.minimum ? <div className={ui.hint}>from {code.minimum}</div> : null}
                    </td>
                    <td>
                      {[code.country ?? "any country", code.minimum ? null : (code.currency ?? "any currency")].filter(Boolean).join(" · ")}
                      <div className={ui.hint}>{code.paymentMethods.length > 0 ? code.paymentMethods.join(", ") : "any method"}</div>
                    </td>
                    <td>
                      {code.validity === "once_per_user" ? "once per member" : "unlimited"}
                      {code.accountId ? (
                        <div className={ui.hint}>
                          only <Link to={`/members/${code.accountId}?site=${encodeURIComponent(site.id)}`}>account {code.accountId}</Link>
                        </div>
                      ) : null}
                    </td>
                    <td className={css.nowrap}>{code.lastDay ?? "none"}</td>
                    <td className={css.nowrap}>
                      {`${code.paidPayments} paid`}
                      {code.heldByOpenPayments > 0 ? <div className={ui.hint}>{`${code.heldByOpenPayments} in open payments`}</div> : null}
                    </td>
                    <td>
                      <div className={css.state}>
                        {code.status === "disabled" ? (
                          <span className={ui.badge.neutral}>off</span>
                        ) : code.expired ? (
                          <span className={ui.badge.warn}>expired</span>
                        ) : (
                          <span className={ui.badge.ok}>active</span>
                        )}
                        <StatusForm id={code.id} code={code.code} active={code.status === "active"} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
