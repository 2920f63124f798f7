/** Reads `a.b.0.c` from nested objects and arrays; undefined when any step is missing. */
export function getPath(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Writes `a.b.0.c` into `target`, creating objects (or arrays before a numeric key) on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Record<string, unknown> = target;
  keys.slice(0, -1).forEach((key, index) => {
    if (node[key] === undefined || node[key] === null) node[key] = /^\d+$/.test(keys[index + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}
