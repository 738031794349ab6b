import { container } from "../../styles/grid.css";
import { SignupLink } from "../signup/signup-modal";

type ClosingCopy = { closingTitle: string; closingText: string; signup: string };
type ClosingClasses = { band: string; inner: string; title: string; text: string; action: string };

/** The last call to sign up, on the brand's colour: the classic home design's and the landers' end, each with its own classes. */
export function ClosingBand({ copy, classes }: { copy: ClosingCopy; classes: ClosingClasses }) {
  return (
    <section className={classes.band} aria-labelledby="closing-title">
      <div className={`${container} ${classes.inner}`}>
        <h2 id="closing-title" className={classes.title}>
          {copy.closingTitle}
        </h2>
        <p className={classes.text}>{copy.closingText}</p>
        <SignupLink className={classes.action}>{copy.signup}</SignupLink>
      </div>
    </section>
  );
}
