/**
 * A brand name in the two parts its wordmark shows in two colours: "Flirt" + "NL", "Him" + "Match",
 * "Reife " + "Liebe". It breaks before the last capital that follows a small letter or a space; a
 * name without one is a single part.
 */
export function wordmarkParts(name: string): [string, string] {
  for (let i = name.length - 1; i > 0; i--) {
    const letter = name[i]!;
    const before = name[i - 1]!;
    const capital = letter !== letter.toLowerCase();
    const afterSmallOrSpace = before === " " || (before !== before.toUpperCase() && before === before.toLowerCase());
    if (capital && afterSmallOrSpace) return [name.slice(0, i), name.slice(i)];
  }
  return [name, ""];
}
