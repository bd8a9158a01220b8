import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';

/** The chart rendered by the real Helm (unpacked by `make kube-tools` from an npm package), as the chart's suites read it. */

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHART = `${ROOT}helm/chat`;
const HELM = `${ROOT}tools/kube/bin/helm`;
export const FIXTURES = `${ROOT}test/deploy/fixtures`;

await access(HELM).catch(() => {
  throw new Error(`${HELM} is missing: run \`make kube-tools\` (make test does it first)`);
});

/** The value files of each way the chart is meant to be installed. */
export const SETUPS = {
  default: [`${FIXTURES}/values-connections.yaml`],
  dev: [`${CHART}/values-dev.yaml`],
  production: [`${CHART}/values-production.yaml`],
} as const;
export type Setup = keyof typeof SETUPS;

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  automountServiceAccountToken?: boolean;
}

export async function helm(args: string[]): Promise<string> {
  const { stdout } = await run(HELM, args, { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** What Helm says when it refuses (its stderr), or '' if it did not. */
export const refusal = (args: string[]) =>
  helm(args).then(
    () => '',
    (error: { stderr: string }) => error.stderr,
  );

export const valueArgs = (files: readonly string[], sets: string[] = []) => [
  ...files.flatMap((file) => ['-f', file]),
  ...sets.flatMap((set) => ['--set', set]),
];

export async function render(setup: Setup, sets: string[] = []): Promise<K8sObject[]> {
  const text = await helm(['template', 'chat', CHART, ...valueArgs(SETUPS[setup], sets)]);
  return parseAllDocuments(text)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

export const rendered = Object.fromEntries(
  await Promise.all(Object.keys(SETUPS).map(async (setup) => [setup, await render(setup as Setup)])),
) as Record<Setup, K8sObject[]>;

export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
export const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the render`);
  return found;
};
export const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
/** Each workload (a Deployment, or coturn's DaemonSet) with its pod template. */
export const podsOf = (objects: K8sObject[]) =>
  [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'DaemonSet')].map((deployment) => ({ deployment, pod: deployment.spec.template }));
