/*
 * URLSearchParams and URL are WHATWG standards present in every runtime we target (browsers, Node ≥ 10),
 * but the domain compiles with lib ES2023 only (no DOM, no @types/node), so its type is declared
 * here. Only this package's own type check sees this file; the web and API programs use the DOM
 * and Node declarations, which are supersets of this one.
 */
interface URLSearchParams {
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
  forEach(callback: (value: string, key: string) => void): void;
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams;
};

/** The part of URL the domain uses (safe-redirect.ts resolves a path against a probe origin). */
interface URL {
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly href: string;
}

declare var URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
};
