type Container = { path: PropertyKey[] } & ({ kind: "object"; keys: Set<string>; awaitingKey: boolean; key?: string } | { kind: "array"; index: number });

/**
 * Where an object in `text` names a key twice, as JSON paths (`["company", "name"]`): JSON.parse
 * silently keeps the last. No installed JSON parser reports this, so this walks the text, which
 * must already be valid JSON (parse it first): it only follows strings, nesting, commas.
 */
export function duplicateKeys(text: string): PropertyKey[][] {
  const duplicates: PropertyKey[][] = [];
  const stack: Container[] = [];
  const childPath = (): PropertyKey[] => {
    const parent = stack.at(-1);
    if (!parent) return [];
    return [...parent.path, parent.kind === "object" ? (parent.key ?? "") : parent.index];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const top = stack.at(-1);
      if (top?.kind === "object" && top.awaitingKey) {
        // Decoded, so "a" and "\u0061" are the same key, as they are to JSON.parse.
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) duplicates.push([...top.path, key]);
        top.keys.add(key);
        top.key = key;
        top.awaitingKey = false;
      }
      i = end;
    } else if (char === "{") {
      stack.push({ kind: "object", path: childPath(), keys: new Set(), awaitingKey: true });
    } else if (char === "[") {
      stack.push({ kind: "array", path: childPath(), index: 0 });
    } else if (char === "}" || char === "]") {
      stack.pop();
    } else if (char === ",") {
      const top = stack.at(-1);
      if (top?.kind === "object") top.awaitingKey = true;
      else if (top?.kind === "array") top.index += 1;
    }
  }
  return duplicates;
}
