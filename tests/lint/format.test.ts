import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/** The formatter and line length `npm run lint` checks, on snippets placed (in name only) in the repository. */
const root = fileURLToPath(new URL('../..', import.meta.url));

async function formatted(code: string, file: string): Promise<boolean> {
  const filepath = `${root}/${file}`;
  const options = await prettier.resolveConfig(filepath);
  return prettier.check(code, { ...options, filepath });
}

describe('npm run lint: the formatter and lines of at most 120 characters', () => {
  it('refuses code Prettier would print otherwise, and accepts it as Prettier prints it', async () => {
    const loose = "export const plan = {id:'P1',  amount : 500_000}\n";
    expect(await formatted(loose, 'functions/savings/format-probe.ts')).toBe(false);
    const file = `${root}/functions/savings/format-probe.ts`;
    const printed = await prettier.format(loose, { ...(await prettier.resolveConfig(file)), filepath: file });
    expect(printed).toBe("export const plan = { id: 'P1', amount: 500_000 };\n");
    expect(await formatted(printed, 'functions/savings/format-probe.ts')).toBe(true);
  });

  it('refuses a comment past 120 characters, and lets a long message string stand', async () => {
    const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
    const comment = `// ${'a comment that runs on '.repeat(5)}and on.\nexport const one = 1;\n`;
    const message = `export const message =\n  '${'A message a reader searches for, kept whole. '.repeat(3)}';\n`;
    const lengthErrors = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: `${root}/functions/savings/format-probe.ts` });
      return result.messages.filter((m) => m.ruleId === 'max-len').length;
    };
    expect(comment.split('\n')[0].length).toBeGreaterThan(120);
    expect(await lengthErrors(comment)).toBe(1);
    expect(message.split('\n')[1].length).toBeGreaterThan(120);
    expect(await lengthErrors(message)).toBe(0);
  });
});
