import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

export const docPath = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

const HEADER = `# Benchmarks

\`npm run bench\` runs every scenario; \`npm run bench -- bulk\` (or \`search\`, \`web\`) runs one. Each run
rewrites its own generated section below (between the \`bench:<name>\` markers); the text outside them is
written by hand.
`;

/**
 * Replaces the generated section of one scenario in docs/benchmarks.md, or appends it; the page is then formatted
 * with the repo's Prettier settings so `npm run format:check` stays green after a run.
 */
export async function writeSection(name: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : HEADER;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) doc = doc.slice(0, from) + block + doc.slice(to + end.length);
  else doc = `${doc.trimEnd()}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(docPath)) ?? {};
  writeFileSync(docPath, await prettier.format(doc, { ...options, filepath: docPath }));
  console.log(`wrote the ${name} section of ${path.relative(process.cwd(), docPath)}`);
}

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
