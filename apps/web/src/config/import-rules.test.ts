import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository root, where eslint.config.js lives.
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `file`. */
async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import rules of the web app (eslint.config.js)', () => {
  it.each([
    ['apps/web/src/features/x/y.ts', "import { a } from '@/app/router';\nvoid a;\n"],
    ['apps/web/src/features/x/y.ts', "import { a } from '../../app/paths';\nvoid a;\n"],
    ['apps/web/src/features/x/y.ts', "import { a } from '@/features/other/z';\nvoid a;\n"],
    ['apps/web/src/lib/y.ts', "import { a } from '@/app/router';\nvoid a;\n"],
    ['apps/web/src/components/y.tsx', "import { a } from '@/features/x/z';\nvoid a;\n"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toHaveLength(1);
  });

  it.each([
    ['apps/web/src/features/x/y.ts', "import { a } from '@/config/paths';\nvoid a;\n"],
    ['apps/web/src/features/x/y.ts', "import { a } from '@/lib/auth';\nvoid a;\n"],
    ['apps/web/src/app/y.ts', "import { a } from '@/features/x/z';\nvoid a;\n"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
