/**
 * The parts of docs/ that the contracts already say: the realtime events, each with its payload and
 * what its doc comment (or its payload's) says, rendered from packages/contracts/src/realtime.ts, and
 * the HTTP routes of the contracts' route table. `make docs` writes them between their markers;
 * test/scripts/docs.test.ts fails when they are stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { routes } from '../packages/contracts/src/routes.js';

const CONTRACTS = fileURLToPath(new URL('../packages/contracts/src/realtime.ts', import.meta.url));
export const REALTIME_DOC = fileURLToPath(new URL('../docs/realtime.md', import.meta.url));
export const API_DOC = fileURLToPath(new URL('../docs/api.md', import.meta.url));

const BEGIN = '<!-- generated from packages/contracts/src/realtime.ts by `make docs`: do not edit -->';
const API_BEGIN = '<!-- generated from packages/contracts/src/routes.ts by `make docs`: do not edit -->';
const END = '<!-- end of generated -->';

/** The event maps, in the order the page shows them, with who emits each. */
const EVENT_MAPS = [
  ['ServerToClientEvents', 'The gateway emits'],
  ['ClientToServerEvents', 'A client emits'],
] as const;

interface EventDoc {
  name: string;
  parameters: string;
  doc: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** The doc comment written above a declaration, without its stars. */
function docOf(node: ts.Node, source: ts.SourceFile): string {
  const comment = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
  const text = comment?.comment;
  if (typeof text === 'string') return oneLine(text);
  return text ? oneLine(text.map((part) => part.getText(source)).join('')) : '';
}

function eventsOf(source: ts.SourceFile, mapName: string): EventDoc[] {
  const declarations = new Map<string, ts.Node>();
  /** A name's declaration, the one with a doc comment where there are two (a schema and its type). */
  const declare = (name: string, node: ts.Node) => {
    if (!declarations.has(name) || docOf(node, source)) declarations.set(name, node);
  };
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) declare(statement.name.text, statement);
    // A payload declared as a schema (`FooSchema`) has its doc comment there, above `type Foo = Static<…>`.
    if (ts.isVariableStatement(statement)) {
      for (const variable of statement.declarationList.declarations) {
        if (ts.isIdentifier(variable.name)) declare(variable.name.text.replace(/Schema$/, ''), statement);
      }
    }
  }
  const map = declarations.get(mapName);
  if (!map || !ts.isInterfaceDeclaration(map)) throw new Error(`${mapName} is not an interface of ${CONTRACTS}`);
  return map.members.filter(ts.isPropertySignature).map((member) => {
    const type = member.type;
    if (!type || !ts.isFunctionTypeNode(type)) throw new Error(`${mapName}.${member.name.getText(source)} is not a function type`);
    const parameters = type.parameters.map((parameter) => oneLine(parameter.getText(source))).join(', ');
    const payload = type.parameters[0]?.type;
    const payloadDeclaration = payload && ts.isTypeReferenceNode(payload) ? declarations.get(payload.typeName.getText(source)) : undefined;
    const doc = docOf(member, source) || (payloadDeclaration ? docOf(payloadDeclaration, source) : '');
    return { name: member.name.getText(source), parameters, doc };
  });
}

/** The generated part of docs/realtime.md, markers included. */
export async function renderRealtimeEvents(): Promise<string> {
  const source = ts.createSourceFile(CONTRACTS, await readFile(CONTRACTS, 'utf8'), ts.ScriptTarget.Latest, true);
  const tables = EVENT_MAPS.map(([mapName, heading]) => {
    const rows = eventsOf(source, mapName).map(({ name, parameters, doc }) => `| \`${name}\` | \`${parameters}\` | ${doc} |`);
    return [`### ${heading} (\`${mapName}\`)`, '', '| event | arguments | |', '|---|---|---|', ...rows].join('\n');
  });
  return [BEGIN, '', ...tables.flatMap((table) => [table, '']), END].join('\n');
}

/** The generated part of docs/api.md: every route of the contracts' table, markers included. */
export function renderApiRoutes(): string {
  const rows = Object.values(routes).map(({ method, url, summary }) => `| \`${method} /api${url}\` | ${oneLine(summary)} |`);
  return [API_BEGIN, '', '| route | |', '|---|---|', ...rows, '', END].join('\n');
}

/** The page with its generated part (the one that begins as `generated` does) replaced by `generated`. */
export function withGenerated(page: string, generated: string): string {
  const marker = generated.slice(0, generated.indexOf('\n'));
  const begin = page.indexOf(marker);
  const end = page.indexOf(END, begin);
  if (begin < 0 || end < begin) throw new Error(`a page lacks the markers of ${marker}`);
  return page.slice(0, begin) + generated + page.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(REALTIME_DOC, withGenerated(await readFile(REALTIME_DOC, 'utf8'), await renderRealtimeEvents()));
  await writeFile(API_DOC, withGenerated(await readFile(API_DOC, 'utf8'), renderApiRoutes()));
}
