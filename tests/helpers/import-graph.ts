import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The files of a source tree and what each imports, as paths relative to the tree (`server/app.ts`). */
export interface ImportGraph {
  edges: Map<string, string[]>;
  size: number;
  /** `file: specifier` for each relative or alias import that names no file. */
  unresolved: string[];
}

// The aliases of tsconfig `paths` that point into src; `@tests/*` is outside the tree and not followed.
const ALIASES: Record<string, string> = {
  '@shared/': 'shared/',
  '@server/': 'server/',
  '@chain/': 'chain/',
  '@local-chain/': 'local-chain/',
  '@web/': 'web/',
};
const SOURCE = /\.tsx?$/;
// Static imports and re-exports (type-only ones too: a cycle over a type is still a cycle to read), bare
// side-effect imports, and dynamic import() with a literal specifier.
const SPECIFIERS =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** Reads every .ts/.tsx file under `dir` and resolves its imports as the bundler would. */
export function importGraph(dir: string): ImportGraph {
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'));
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(SPECIFIERS)) {
      const specifier = (match[1] ?? match[2] ?? match[3])!.replace(/\?.*$/, '');
      // '@local-chain' alone names its folder's index.
      const alias = Object.keys(ALIASES).find((prefix) => `${specifier}/` === prefix || specifier.startsWith(prefix));
      let base: string;
      if (alias) base = (ALIASES[alias]! + specifier.slice(alias.length)).replace(/\/$/, '');
      else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(file), specifier);
      else continue; // a package, node:*, or @tests/*
      const target = resolve(dir, base);
      if (target === undefined) unresolved.push(`${file}: ${specifier}`);
      else if (SOURCE.test(target)) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  return { edges, size: edges.size, unresolved };
}

function resolve(dir: string, base: string): string | undefined {
  const candidates = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base];
  return candidates.find((candidate) => {
    const full = path.join(dir, candidate);
    return existsSync(full) && statSync(full).isFile();
  });
}

/** Tarjan's strongly connected components: every group of files that reach one another through imports. */
export function strongComponents(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}
