import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireStaff } from "../../server/support/console-context";
import { can, type Permission } from "../../server/support/roles";
import * as layout from "../styles/layout.css";

/** The console's sections, each shown only to roles that may open it. */
const SECTIONS: { to: string; label: string; permission?: Permission }[] = [
  { to: "/", label: "Overview" },
  { to: "/brands", label: "Brands", permission: "brands:view" },
  { to: "/members", label: "Members", permission: "members:view" },
  { to: "/moderation/photos", label: "Photo queue", permission: "photos:moderate" },
  { to: "/moderation/complaints", label: "Complaints", permission: "complaints:handle" },
  { to: "/staff", label: "Staff", permission: "staff:view" },
  { to: "/account", label: "My account" },
];

export function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context);
  return {
    staff: { email: staff.email, role: staff.role },
    sections: SECTIONS.filter((section) => !section.permission || can(staff.role, section.permission)).map(({ to, label }) => ({ to, label })),
  };
}

export default function ConsoleLayout() {
  const { staff, sections } = useLoaderData<typeof loader>();
  return (
    <div className={layout.shell}>
      <header className={layout.sidebar}>
        <a className={layout.brand} href="/">
          Amora support
        </a>
        <nav className={layout.nav} aria-label="Console">
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.to === "/"} className={layout.navLink}>
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className={layout.who}>
          <span>
            {staff.email} · {staff.role}
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className={layout.signOut}>
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <main className={layout.main}>
        <Outlet />
      </main>
    </div>
  );
}
