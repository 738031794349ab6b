import { Link } from "@remix-run/react";
import type { HomeData } from "../../routes/index";
import { SignupLink } from "../signup/signup-modal";
import * as shared from "./classic-home.css";

type HeroClasses = { copy: string; eyebrow: string; title: string; lead: string; actions: string; bonus: string };

/** The brand's promise as the home page opens, in either design: whom it is for, the headline, the ways in, the promises. */
export function HeroCopy({ data, classes }: { data: HomeData; classes: HeroClasses }) {
  const { copy, signupCredits } = data;
  return (
    <div className={classes.copy}>
      <p className={classes.eyebrow}>{copy.eyebrow}</p>
      <h1 id="hero-title" className={classes.title}>
        {copy.title}
      </h1>
      <p className={classes.lead}>{copy.lead}</p>
      <div className={classes.actions}>
        <SignupLink className={shared.primaryAction}>{copy.signup}</SignupLink>
        <Link to="/members" className={shared.secondaryAction}>
          {copy.browse}
        </Link>
      </div>
      <ul className={shared.promises}>
        {copy.promises.map((promise) => (
          <li key={promise} className={shared.promise}>
            {promise}
          </li>
        ))}
      </ul>
      {signupCredits ? <p className={classes.bonus}>{signupCredits}</p> : null}
    </div>
  );
}
