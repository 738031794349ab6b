import { Link } from "@remix-run/react";
import type { HomeData } from "../../routes/index";
import { container } from "../../styles/grid.css";
import * as shared from "./classic-home.css";

type StripClasses = { section: string; title: string; members: string; member: string; link: string; photo: string; text: string; name: string; place: string };

/**
 * The brand's newest members under the niche's heading, with the way to all of them: a row of
 * photo cards in either home design, which dresses it with its own classes.
 */
export function MemberStrip({ data, classes }: { data: HomeData; classes: StripClasses }) {
  const { copy, members, fictionalWarning } = data;
  if (!members.length) return null;
  return (
    <section className={`${container} ${classes.section}`} aria-labelledby="members-title">
      <div className={shared.sectionHead}>
        <h2 id="members-title" className={classes.title}>
          {copy.membersTitle}
        </h2>
        <Link to="/members" className={shared.more}>
          {copy.seeAll}
        </Link>
      </div>
      <ul className={classes.members}>
        {members.map((member) => (
          <li key={member.id} className={classes.member}>
            <Link to={member.href} className={classes.link}>
              <img src={member.photo} alt="" width={400} height={400} loading="lazy" decoding="async" className={classes.photo} />
              {member.fictional ? <span className={shared.fictional}>{member.fictional}</span> : null}
              <span className={classes.text}>
                <span className={classes.name}>{member.name}</span>
                <span className={classes.place}>{member.place}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {fictionalWarning ? <p className={shared.fictionalWarning}>{fictionalWarning}</p> : null}
    </section>
  );
}
