import { access, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_DOC, REALTIME_DOC, renderApiRoutes, renderRealtimeEvents, withGenerated } from '../../scripts/docs-from-contracts.js';

describe('the docs the contracts write', () => {
  it('docs/realtime.md lists every socket event as packages/contracts declares it (make docs renews it)', async () => {
    const page = await readFile(REALTIME_DOC, 'utf8');
    expect(page, 'docs/realtime.md is stale: run make docs').toBe(withGenerated(page, await renderRealtimeEvents()));
  });

  it("docs/api.md lists every route of the contracts' route table (make docs renews it)", async () => {
    const page = await readFile(API_DOC, 'utf8');
    expect(page, 'docs/api.md is stale: run make docs').toBe(withGenerated(page, renderApiRoutes()));
    expect(renderApiRoutes()).toContain('| `POST /api/messages/mute/:id` |');
  });

  it('an event the contracts add shows in the page that is rendered', async () => {
    const rendered = await renderRealtimeEvents();
    expect(rendered).toContain('| `newMessage` | `message: Message, received: (ack?: MessageAck) => void` |');
    expect(rendered).toContain('| `sendMessage` |');
  });
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pages = async () => [
  'README.md',
  ...(await readdir(join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
];

describe('the docs stand alone', () => {
  it('the README is a first page: at most 6 KB', async () => {
    expect((await stat(join(ROOT, 'README.md'))).size).toBeLessThanOrEqual(6 * 1024);
  });

  it('every link of the README and docs/ leads to a file of this repository that exists', async () => {
    const broken: string[] = [];
    for (const page of await pages()) {
      const text = await readFile(join(ROOT, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/.test(target)) continue;
        const path = resolve(dirname(join(ROOT, page)), target);
        const inside = !relative(ROOT, path).startsWith('..');
        if (
          !inside ||
          !(await access(path).then(
            () => true,
            () => false,
          ))
        )
          broken.push(`${page} → ${target}`);
      }
      if (text.includes('../shared')) broken.push(`${page} → ../shared`);
    }
    expect(broken).toEqual([]);
  });
});
