import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/*
 * No Helm binary here: the chart is checked by reading it. Every `.Values` path a template uses must
 * exist in values.yaml; every manifest must be YAML once its template actions are stubbed out, and
 * use a current apiVersion for its kind.
 */

const CHART = fileURLToPath(new URL('../../helm/chat/', import.meta.url));
const templateNames = (await readdir(`${CHART}templates`)).sort();
const templates = Object.fromEntries(
  await Promise.all(templateNames.map(async (name) => [name, await readFile(`${CHART}templates/${name}`, 'utf8')] as const)),
);
const values = parse(await readFile(`${CHART}values.yaml`, 'utf8')) as Record<string, unknown>;

const CURRENT_API: Record<string, string> = {
  Deployment: 'apps/v1',
  Service: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Ingress: 'networking.k8s.io/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
};

const has = (object: unknown, path: string[]): boolean => {
  let current = object;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
};

/** Template actions replaced by stand-ins, so the YAML around them can be parsed. */
function stubActions(text: string): string {
  return text
    .replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '')
    .split('\n')
    .map((line) => {
      const alone = /^(\s*)\{\{-?\s*(.*?)\s*-?\}\}\s*$/.exec(line);
      if (!alone) return line.replace(/\{\{-?[^}]*-?\}\}/g, 'x');
      const [, indent, action] = alone as unknown as [string, string, string];
      if (/^(if|else|end|range|with|define|\$\w+\s*:?=)/.test(action)) return '';
      if (/nindent|toYaml/.test(action)) return `${indent}stub: x`;
      return `${indent}{}`;
    })
    .join('\n');
}

/** The bodies of the helpers that produce manifests. */
const defines = [...templates['_helpers.tpl']!.matchAll(/\{\{- define "([\w.]+)" -\}\}([\s\S]*?)\{\{- end -\}\}/g)].map(
  ([, name, body]) => ({ name: name!, body: body! }),
);

describe('helm/chat', () => {
  it('uses only values that values.yaml defines', () => {
    const missing: string[] = [];
    for (const [name, text] of Object.entries(templates)) {
      for (const [, path] of text.matchAll(/\.Values\.([A-Za-z0-9_.]+)/g)) {
        if (!has(values, path!.split('.'))) missing.push(`${name}: .Values.${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every Node service the settings its Deployment helper reads', () => {
    const helper = defines.find((d) => d.name === 'chat.nodeDeployment')!.body;
    const settings = [...new Set([...helper.matchAll(/\.settings\.([A-Za-z0-9_.]+)/g)].map(([, path]) => path!))];
    expect(settings.length).toBeGreaterThan(0);
    for (const component of ['auth', 'messages', 'gateway']) {
      for (const path of settings) expect(has(values, [component, ...path.split('.')]), `${component}.${path}`).toBe(true);
    }
  });

  it('has a dev values file whose every key exists in values.yaml', async () => {
    const dev = parse(await readFile(`${CHART}values-dev.yaml`, 'utf8')) as Record<string, unknown>;
    const paths = (object: unknown, prefix: string[] = []): string[][] =>
      object && typeof object === 'object' && !Array.isArray(object)
        ? Object.entries(object).flatMap(([key, value]) => paths(value, [...prefix, key]))
        : [prefix];
    for (const path of paths(dev)) expect(has(values, path), path.join('.')).toBe(true);
  });

  it('renders YAML manifests with current apiVersions', () => {
    const kinds = new Set<string>();
    const sources = [
      ...Object.entries(templates).filter(([name]) => name.endsWith('.yaml')),
      ...defines.map(({ name, body }) => [`define ${name}`, body] as const),
    ];
    for (const [name, text] of sources) {
      for (const document of parseAllDocuments(stubActions(text))) {
        expect(document.errors, `${name}: ${document.errors.join('; ')}`).toEqual([]);
        const manifest = document.toJS() as { apiVersion?: string; kind?: string } | null;
        if (!manifest?.kind) continue;
        kinds.add(manifest.kind);
        expect(manifest.apiVersion, `${name}: ${manifest.kind}`).toBe(CURRENT_API[manifest.kind]);
      }
    }
    expect([...kinds].sort()).toEqual(Object.keys(CURRENT_API).sort());
  });

  it('probes every Node service on /healthz and /readyz, and runs it as non-root', () => {
    const helper = defines.find((d) => d.name === 'chat.nodeDeployment')!.body;
    expect(helper).toMatch(/livenessProbe:\s*\n\s*httpGet: \{ path: \/healthz/);
    expect(helper).toMatch(/readinessProbe:\s*\n\s*httpGet: \{ path: \/readyz/);
    expect(values.podSecurityContext).toMatchObject({ runAsNonRoot: true });
    for (const component of ['auth', 'messages', 'gateway']) {
      expect(templates[`${component}.yaml`]).toContain(`"component" "${component}"`);
    }
  });

  it('routes /api, /socket.io and / on one host, with websocket settings for ingress-nginx', () => {
    const ingress = templates['ingress.yaml']!;
    for (const path of ['/api/auth', '/api/messages', '/api/media', '/socket.io', '/']) {
      expect(ingress).toContain(`- path: ${path}\n`);
    }
    expect(ingress).toContain('nginx.ingress.kubernetes.io/proxy-read-timeout');
    expect(ingress).toContain('nginx.ingress.kubernetes.io/affinity: cookie');
  });

  it('keeps a generated JWT secret across upgrades', () => {
    const secret = templates['secret.yaml']!;
    expect(secret).toContain('lookup "v1" "Secret"');
    expect(secret).toContain('randAlphaNum 48');
  });
});
