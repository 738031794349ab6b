type Step = { title: string; text: string };
type StepsClasses = { list: string; step: string; number: string; title: string; text: string };

/** The niche's three steps from visitor to first message, numbered: on either home design and the landers, each with its own classes. */
export function StepsList({ steps, classes }: { steps: readonly Step[]; classes: StepsClasses }) {
  return (
    <ol className={classes.list}>
      {steps.map((step, i) => (
        <li key={step.title} className={classes.step}>
          <span className={classes.number} aria-hidden="true">
            {i + 1}
          </span>
          <h3 className={classes.title}>{step.title}</h3>
          <p className={classes.text}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
