import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { NotFoundData } from "../components/error-page";
import { formatDate, termsVersionDate } from "../../server/i18n/dates";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import * as styles from "./static-page.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";

/** The static pages of §2, by the token in their path; their texts live in the `pages` namespace. */
const PAGE_KEYS: Record<string, string> = {
  terms: "terms",
  privacy: "privacy",
  cookies: "cookies",
  ban: "ban",
  "return-policy": "returnPolicy",
  faq: "faq",
  service: "service",
};

type Section = { heading: string; paragraphs: string[] };

// Logged-out visitors get this page from the page cache: it shows only the brand, in the visitor's language.
export const handle: AnonymousCacheHandle = { anonymousCache: true };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? new URL(request.url).pathname.split("/").pop() ?? "";
  const key = PAGE_KEYS[token];
  if (!key) throw data<NotFoundData>({ messageKey: "errors.notFound" }, { status: 404 });
  const { site, t } = context;
  const values = {
    name: site.name,
    company: site.company.name,
    address: [site.company.address, site.company.zip, site.company.city].filter(Boolean).join(", "),
    country: site.company.country,
    kvk: site.company.kvk || "-",
    email: site.support_email,
    phone: site.support_phone ?? site.support_email,
    refundDays: site.refund_days,
    minAge: site.min_age,
    interpolation: { escapeValue: false },
  };
  const title = t(`pages:${key}.title`, values);
  const intro = t(`pages:${key}.intro`, values);
  return {
    head: publicPageHead(context, request, { title: `${title} · ${site.name}`, description: intro }),
    title,
    intro,
    sections: t(`pages:${key}.sections`, { ...values, returnObjects: true }) as unknown as Section[],
    version:
      key === "terms"
        ? t("pages:version", { date: formatDate(termsVersionDate(site.company.added), context.i18nLanguage, "UTC") })
        : undefined,
  };
}

export const meta = loaderHead;

export default function StaticPage() {
  const { title, intro, sections, version } = useLoaderData<typeof loader>();
  return (
    <main id="main" className={styles.page}>
      <h1>{title}</h1>
      {version ? <p className={styles.version}>{version}</p> : null}
      <p className={styles.intro}>{intro}</p>
      {sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </main>
  );
}
