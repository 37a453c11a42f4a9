// The import graph of src/, read from the sources (shared by the architecture tests).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { stripComments } from './strip-comments';

/** How one module reaches another: a value import, a type-only import, or a lazy `import()`. */
export type ImportKind = 'value' | 'type' | 'lazy';
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: ImportKind;
}

/** Every relative import of a source file, with its kind (specifiers as written). */
export function importsWithKind(code: string): { spec: string; kind: ImportKind }[] {
  const found: { spec: string; kind: ImportKind }[] = [];
  const from = /\b(import|export)(\s+type\b)?([^'"`;]*?)\bfrom\s*(['"])([^'"]+)\4/g;
  for (const m of code.matchAll(from)) {
    const clause = m[3]!;
    // `import { type A, type B } from` is erased like `import type`; one value name makes it a value import.
    const braces = /^\s*\{([^}]*)\}\s*$/.exec(clause);
    const allTypes =
      !!braces &&
      braces[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    found.push({ spec: m[5]!, kind: m[2] || allTypes ? 'type' : 'value' });
  }
  for (const m of code.matchAll(/\bimport\s*(['"])([^'"]+)\1/g)) found.push({ spec: m[2]!, kind: 'value' });
  for (const m of code.matchAll(/\bimport\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g)) found.push({ spec: m[2]!, kind: 'lazy' });
  return found;
}

/** Every .ts file under a folder, as paths relative to `root` (posix). */
export function sourceFiles(root: string, dir: string): string[] {
  return (readdirSync(`${root}${dir}`, { recursive: true }) as string[])
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
}

/** Resolves a relative specifier of `from` to a source file, or undefined (a package, JSON, CSS…). */
export function resolveImport(from: string, spec: string, exists: (file: string) => boolean): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), spec)).replace(/\.js$/, '');
  for (const f of [base, `${base}.ts`, `${base}/index.ts`]) if (/\.ts$/.test(f) && exists(f)) return f;
  return undefined;
}

/** The edges of the graph over the given files; `code` and `exists` read the files (tests plant faults through them). */
export function importGraph(
  root: string,
  files: readonly string[],
  code = (f: string) => readFileSync(`${root}${f}`, 'utf8'),
  exists = (f: string) => existsSync(`${root}${f}`),
): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files)
    for (const { spec, kind } of importsWithKind(stripComments(code(from)))) {
      const to = resolveImport(from, spec, exists);
      if (to) edges.push({ from, to, kind });
    }
  return edges;
}

/** The strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(edges: readonly ImportEdge[], kinds: readonly ImportKind[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (kinds.includes(e.kind)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}
