import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The rules these tests are about are ESLint's own and those of the import and hooks plugins, which
 * read the code alone: typescript-eslint's are left out, and with them the TypeScript program of the
 * whole repository that `make lint` builds.
 */
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => !ruleId.startsWith('@typescript-eslint/'),
  overrideConfig: { languageOptions: { parserOptions: { project: false } } },
});

/** The messages ESLint gives `code` as if it were the file at `path` (where it sits decides which rules apply). */
async function problemsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// The first lint loads every plugin and the import resolver: seconds on a busy host.
describe('the layer boundaries ESLint guards', { timeout: 30_000 }, () => {
  it('the web app imports the contracts, never a service or a library of theirs', async () => {
    const code =
      "import { parseConfig } from '@chat/kernel';\nimport { MAX_TEXT_LENGTH } from '@chat/contracts';\nexport const used = [parseConfig, MAX_TEXT_LENGTH];\n";
    expect(await problemsOf('web/src/main.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: '@chat\/kernel' .* The web app imports only @chat\/contracts\.$/),
    ]);
  });

  it('the contracts import nothing with I/O: only their schema library and each other', async () => {
    const code =
      "import { readFile } from 'node:fs/promises';\nimport { Type } from 'typebox';\nimport { uuidSchema } from './ids.js';\nexport const used = [readFile, Type, uuidSchema];\n";
    expect(await problemsOf('packages/contracts/src/links.ts', code)).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: 'node:fs\/promises' .* The contracts import only pure libraries \(typebox, linkifyjs\) and each other\.$/,
      ),
    ]);
  });

  it('a service never imports the web app', async () => {
    const code = "import { api } from '../../../web/src/lib/api.js';\nexport const used = api;\n";
    const problems = await problemsOf('services/messages/src/main.ts', code);
    expect(problems).toContainEqual(expect.stringContaining('Services and libraries never import the web app.'));
  });

  it("a hook's dependency list names what its effect reads", async () => {
    const code =
      "import { useEffect } from 'react';\nexport function Title({ name }: { name: string }) {\n  useEffect(() => {\n    document.title = name;\n  }, []);\n  return null;\n}\n";
    expect(await problemsOf('web/src/app/app.tsx', code)).toEqual([expect.stringMatching(/^react-hooks\/exhaustive-deps: .*'name'/)]);
  });

  it('a component selects the fields it needs from a store, never the whole store', async () => {
    const code =
      "import { useChatStore } from '../store/use-chat-store';\nexport function Count() {\n  const { messages } = useChatStore();\n  return messages.length;\n}\n";
    expect(await problemsOf('web/src/app/app.tsx', code)).toEqual([expect.stringMatching(/^no-restricted-syntax: Select the fields/)]);
  });

  it('another feature is imported through its index, from the app and from a feature alike; the chat store composes their slices', async () => {
    const fromApp = "import { Inbox } from '../features/inbox/inbox';\nexport const used = Inbox;\n";
    expect(await problemsOf('web/src/app/sidebar.tsx', fromApp)).toEqual([
      expect.stringMatching(/Import another feature through its index/),
    ]);
    const fromFeature = "import { Inbox } from '../inbox/inbox';\nexport const used = Inbox;\n";
    expect(await problemsOf('web/src/features/starred/starred-messages.tsx', fromFeature)).toEqual([
      expect.stringMatching(/Import another feature through its index/),
    ]);
    const throughIndex = "import { Inbox } from '../inbox';\nexport const used = Inbox;\n";
    expect(await problemsOf('web/src/features/starred/starred-messages.tsx', throughIndex)).toEqual([]);
  });

  it('a component is at most 80 lines a function: the rest are parts and hooks of their own', async () => {
    const component = (lines: number) =>
      `export function Long() {\n${Array.from({ length: lines - 3 }, (_, line) => `  const _a${line} = ${line};\n`).join('')}  return null;\n}\n`;
    expect(await problemsOf('web/src/features/settings/settings-page.tsx', component(80))).toEqual([]);
    expect(await problemsOf('web/src/features/settings/settings-page.tsx', component(81))).toEqual([
      expect.stringMatching(/^max-lines-per-function: Function 'Long' has too many lines \(81\)/),
    ]);
  });

  it('a component does not call the HTTP client: its feature does', async () => {
    const calls = "import { api } from '../../api/client';\nexport const used = api;\n";
    expect(await problemsOf('web/src/features/settings/settings-page.tsx', calls)).toEqual([
      expect.stringMatching(/A component does not call the HTTP client/),
    ]);
    const ownApi = "import { api } from '../../api/client';\nexport const used = api;\n";
    expect(await problemsOf('web/src/features/settings/settings-api.ts', ownApi)).toEqual([]);
  });

  it('a service answers a person with a sentence of the contracts, which the web app translates, never one of its own', async () => {
    const own = "import { badRequest } from '@chat/kernel';\nexport const refuse = () => [badRequest('No way'), { message: 'Done' }];\n";
    expect(await problemsOf('services/messages/src/stars/star-routes.ts', own)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Answer a person with a sentence of @chat\/contracts/),
      expect.stringMatching(/^no-restricted-syntax: Answer a person with a sentence of @chat\/contracts/),
    ]);
    const fromContracts =
      "import { MESSAGE_ERRORS } from '@chat/contracts';\nimport { badRequest } from '@chat/kernel';\nexport const refuse = () => badRequest(MESSAGE_ERRORS.notFound);\n";
    expect(await problemsOf('services/messages/src/stars/star-routes.ts', fromContracts)).toEqual([]);
  });
});
