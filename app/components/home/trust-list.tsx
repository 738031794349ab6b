import { TRUST_ICONS } from "../../art/home/scene";

type TrustPoint = { title: string; text: string };
type TrustClasses = { list: string; point: string; icon: string; title: string; text: string };

/** The niche's three reasons to trust the brand, each with its drawn icon: on the classic home design and the landers, each with its own classes. */
export function TrustList({ points, art, classes }: { points: readonly TrustPoint[]; art: string; classes: TrustClasses }) {
  return (
    <ul className={classes.list}>
      {points.map((point, i) => (
        <li key={point.title} className={classes.point}>
          <svg className={classes.icon} viewBox="-8 -8 40 40" width="48" height="48" aria-hidden="true" focusable="false">
            <use href={`${art}#${TRUST_ICONS[i]}`} width="24" height="24" />
          </svg>
          <h3 className={classes.title}>{point.title}</h3>
          <p className={classes.text}>{point.text}</p>
        </li>
      ))}
    </ul>
  );
}
