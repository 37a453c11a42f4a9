/**
 * Prettier formats everything (issue #9): every file git tracks that Prettier understands must be
 * formatted as `npx prettier --write .` would leave it. A failure names the files to format.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
  return out.toString('utf8').split('\0').filter(Boolean);
}

describe('formatting', () => {
  it('every tracked file is formatted by Prettier', async () => {
    const unformatted: string[] = [];
    for (const file of trackedFiles()) {
      const filepath = resolve(root, file);
      const info = await prettier.getFileInfo(filepath, { ignorePath: resolve(root, '.prettierignore') });
      if (info.ignored || !info.inferredParser) continue;
      let source: string;
      try {
        source = readFileSync(filepath, 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      const options = (await prettier.resolveConfig(filepath)) ?? {};
      if (!(await prettier.check(source, { ...options, filepath }))) unformatted.push(file);
    }
    expect(unformatted, 'run `npx prettier --write .`').toEqual([]);
  }, 240_000); // every tracked file, data included: slow on a loaded 2-core machine
});
