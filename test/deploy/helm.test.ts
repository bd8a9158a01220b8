import { readFile } from 'node:fs/promises';
import { createHttpServer, parseConfig, registerHealthRoutes } from '@chat/kernel';
import { describe, expect, it } from 'vitest';
import {
  CHART,
  FIXTURES,
  SETUPS,
  helm,
  named,
  ofKind,
  podsOf,
  refusal,
  render,
  rendered,
  selects,
  valueArgs,
  type K8sObject,
  type Setup,
} from './chart.js';

/*
 * The chart rendered by the real Helm, each object validated against the Kubernetes OpenAPI schemas
 * (kubernetes-models), and the objects checked for what a cluster would do with them: selectors
 * that select, ports that exist, probes that answer.
 */

/** The kubernetes-models class of an object's apiVersion and kind, which validates against the OpenAPI schema. */
async function modelOf(object: K8sObject) {
  const module = (await import(`kubernetes-models/${object.apiVersion}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const model = module[object.kind];
  if (!model) throw new Error(`kubernetes-models has no ${object.apiVersion} ${object.kind}`);
  return model;
}

describe.each(Object.keys(SETUPS) as Setup[])('helm/chat with the %s values', (setup) => {
  const objects = rendered[setup];

  it('passes helm lint --strict', async () => {
    await expect(helm(['lint', '--strict', CHART, ...valueArgs(SETUPS[setup])])).resolves.toContain('0 chart(s) failed');
  });

  it('renders only objects the Kubernetes API schemas accept', async () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const object of objects) {
      const Model = await modelOf(object);
      expect(() => new Model(object).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
  });

  it('selects each Deployment’s own pods, and only those, from every Service, budget and autoscaler', () => {
    const pods = podsOf(objects);
    for (const { deployment, pod } of pods) {
      expect(selects(deployment.spec.selector.matchLabels, pod.metadata.labels), deployment.metadata.name).toBe(true);
    }
    for (const kind of ['Service', 'PodDisruptionBudget']) {
      for (const object of ofKind(objects, kind)) {
        const selector = kind === 'Service' ? object.spec.selector : object.spec.selector.matchLabels;
        const matched = pods.filter(({ pod }) => selects(selector, pod.metadata.labels));
        expect(
          matched.map(({ deployment }) => deployment.metadata.name),
          `${kind} ${object.metadata.name}`,
        ).toEqual([object.metadata.name]);
      }
    }
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      expect(named(objects, 'Deployment', hpa.spec.scaleTargetRef.name).spec.replicas, 'replicas left to the HPA').toBeUndefined();
    }
  });

  it('points every Service and Ingress path at a port that exists', () => {
    const pods = podsOf(objects);
    for (const service of ofKind(objects, 'Service')) {
      const { pod } = pods.find(({ pod }) => selects(service.spec.selector, pod.metadata.labels))!;
      const containerPorts = pod.spec.containers.flatMap((container: any) => container.ports.map((port: any) => port.name));
      for (const port of service.spec.ports) expect(containerPorts, service.metadata.name).toContain(port.targetPort);
    }
    for (const ingress of ofKind(objects, 'Ingress')) {
      for (const { backend } of ingress.spec.rules.flatMap((rule: any) => rule.http.paths)) {
        const service = named(objects, 'Service', backend.service.name);
        expect(service.spec.ports.map((port: any) => port.name)).toContain(backend.service.port.name);
      }
    }
  });

  it('probes paths and ports the components serve', async () => {
    const config = named(objects, 'ConfigMap', 'chat-chat').data!;
    const health = await createHttpServer({ logLevel: 'silent' });
    await registerHealthRoutes(health, {});
    for (const { deployment, pod } of podsOf(objects)) {
      const [container] = pod.spec.containers;
      const ports = Object.fromEntries(container.ports.map((port: any) => [port.name, port.containerPort]));
      for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
        const check = container[probe]?.httpGet;
        if (!check) continue;
        expect(ports[check.port], `${deployment.metadata.name} ${probe} port`).toBeDefined();
        if (container.name === 'web') {
          expect(check.path, 'the web app answers / with index.html').toBe('/');
          continue;
        }
        expect(Number(config.PORT), 'the service listens where the probe knocks').toBe(ports[check.port]);
        expect(
          (await health.inject({ method: 'GET', url: check.path })).statusCode,
          `${deployment.metadata.name} ${probe} ${check.path}`,
        ).toBe(200);
      }
      // /readyz gives each dependency up to 2 s: a shorter probe timeout would fail a healthy pod.
      if (container.readinessProbe.httpGet?.path === '/readyz') expect(container.readinessProbe.timeoutSeconds).toBeGreaterThan(2);
    }
    await health.close();
  });

  it('runs every container unprivileged, read-only, without an API token, pausing before SIGTERM', () => {
    const accounts = ofKind(objects, 'ServiceAccount');
    for (const account of accounts) expect(account.automountServiceAccountToken, account.metadata.name).toBe(false);
    for (const { deployment, pod } of podsOf(objects)) {
      const name = deployment.metadata.name;
      expect(pod.spec.securityContext, name).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.spec.automountServiceAccountToken, name).toBe(false);
      expect(
        accounts.map((account) => account.metadata.name),
        name,
      ).toContain(pod.spec.serviceAccountName);
      for (const container of pod.spec.containers) {
        expect(container.securityContext, name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          runAsNonRoot: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.lifecycle.preStop.exec.command, name).toEqual(['sleep', '5']);
      }
    }
  });

  it('gives each service only the secrets it uses, and keeps every credential out of the ConfigMap', () => {
    const secretKeys = (component: string) =>
      podsOf(objects)
        .find(({ deployment }) => deployment.metadata.name === `chat-chat-${component}`)!
        .pod.spec.containers[0].env.filter((entry: any) => entry.valueFrom?.secretKeyRef)
        .map((entry: any) => entry.name)
        .sort();
    expect(secretKeys('gateway')).toEqual(['JWT_SECRET', 'NATS_URL', 'REDIS_URL']);
    expect(secretKeys('messages')).toEqual(['DATABASE_URL', 'JWT_SECRET', 'NATS_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']);
    expect(secretKeys('auth')).toEqual([
      'DATABASE_URL',
      'JWT_SECRET',
      'NATS_URL',
      'REDIS_URL',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'TURN_SECRET',
    ]);
    expect(secretKeys('coturn')).toEqual(['TURN_SECRET']);
    const configs = ofKind(objects, 'ConfigMap').filter((config) => !config.metadata.name.endsWith('-smoke-test'));
    for (const config of configs) {
      const text = JSON.stringify(config.data);
      for (const key of [
        'JWT_SECRET',
        'DATABASE_URL',
        'NATS_URL',
        'REDIS_URL',
        'S3_ACCESS_KEY',
        'S3_SECRET_KEY',
        'TURN_SECRET',
        'static-auth-secret',
      ])
        expect(text, config.metadata.name).not.toContain(key);
    }
  });
});

describe('helm/chat decisions', () => {
  it('refuses invalid values, naming each mistake', async () => {
    const message = await refusal(['template', 'chat', CHART, ...valueArgs([...SETUPS.dev, `${FIXTURES}/values-invalid.yaml`])]);
    expect(message).toContain("at '/config/logLevel': value must be one of");
    expect(message).toContain("at '/gateway/replicas': got string, want integer");
    expect(message).toContain("at '/jwtSecret'");
  });

  it('keeps the JWT secret, and with it every pod, the same from one render to the next', async () => {
    const [first, second] = await Promise.all([render('default'), render('default')]);
    expect(named(first, 'Secret', 'chat-chat')).toEqual(named(second, 'Secret', 'chat-chat'));
    const checksums = (objects: K8sObject[]) => podsOf(objects).map(({ pod }) => pod.metadata.annotations ?? {});
    expect(checksums(first)).toEqual(checksums(second));
  });

  it('refuses to invent a JWT secret where it could not be kept (helm template, Argo CD)', async () => {
    const message = await refusal(['template', 'chat', CHART, ...valueArgs(SETUPS.default, ['jwtSecret='])]);
    expect(message).toContain('jwtSecret or existingSecret is required when rendering without a cluster');
  });

  it('uses an existing Secret for every key, rendering none of its own', () => {
    const objects = rendered.production;
    expect(ofKind(objects, 'Secret')).toEqual([]);
    for (const { pod } of podsOf(objects)) {
      for (const entry of pod.spec.containers[0].env ?? []) {
        if (entry.valueFrom) expect(entry.valueFrom.secretKeyRef.name).toBe('chat-secrets');
      }
    }
  });

  it('makes the session cookie Secure exactly when the Ingress serves TLS, unless told', async () => {
    const cookieSecure = (objects: K8sObject[]) => named(objects, 'ConfigMap', 'chat-chat').data!.COOKIE_SECURE;
    expect(cookieSecure(rendered.default)).toBe('false');
    expect(cookieSecure(rendered.production)).toBe('true');
    expect(cookieSecure(await render('default', ['config.cookieSecure=true']))).toBe('true');
    const notes = (sets: string[]) => helm(['install', 'chat', CHART, '--dry-run=client', ...valueArgs(SETUPS.default, sets)]);
    expect(await notes([])).toContain('Open it at: http://chat.example.com/');
    expect(await notes(['ingress.tls.enabled=true'])).toContain('Open it at: https://chat.example.com/');
  });

  it('keeps one pod of a component up through drains only when it runs more than one', async () => {
    const budgets = (objects: K8sObject[]) =>
      ofKind(objects, 'PodDisruptionBudget')
        .map((budget) => budget.metadata.name)
        .sort();
    expect(budgets(rendered.default)).toEqual(['chat-chat-auth', 'chat-chat-gateway', 'chat-chat-messages', 'chat-chat-web']);
    expect(budgets(rendered.dev)).toEqual(['chat-chat-gateway']);
    const single = await render('dev', ['gateway.replicas=1']);
    expect(budgets(single)).toEqual([]);
    for (const budget of ofKind(rendered.default, 'PodDisruptionBudget')) expect(budget.spec).toMatchObject({ maxUnavailable: 1 });
  });

  it('lets one component run an image of its own', async () => {
    const objects = await render('default', [
      'gateway.image.repository=registry.example.com/gw',
      'gateway.image.tag=1.2.3-rc1',
      'image.tag=1.2.2',
    ]);
    const image = (component: string) => named(objects, 'Deployment', `chat-chat-${component}`).spec.template.spec.containers[0].image;
    expect(image('gateway')).toBe('registry.example.com/gw:1.2.3-rc1');
    expect(image('auth')).toBe('ghcr.io/chat-io/auth:1.2.2');
  });

  it('keeps each event stream on as many NATS nodes as asked', () => {
    expect(named(rendered.default, 'ConfigMap', 'chat-chat').data!.NATS_STREAM_REPLICAS).toBe('1');
    expect(named(rendered.production, 'ConfigMap', 'chat-chat').data!.NATS_STREAM_REPLICAS).toBe('3');
  });

  it('scales the production gateways from three, spread over nodes', () => {
    const hpa = named(rendered.production, 'HorizontalPodAutoscaler', 'chat-chat-gateway');
    expect(hpa.spec).toMatchObject({ minReplicas: 3, maxReplicas: 20 });
    const pod = named(rendered.production, 'Deployment', 'chat-chat-gateway').spec.template;
    expect(pod.spec.topologySpreadConstraints[0]).toMatchObject({ topologyKey: 'kubernetes.io/hostname' });
    expect(pod.spec.containers[0].image).toBe('registry.example.com/chat-io/gateway:0.1.0');
  });

  it('keeps Socket.IO sessions on their gateway as the HPA scales (ingress-nginx persistent affinity)', () => {
    const annotations = named(rendered.production, 'Ingress', 'chat-chat').metadata.annotations!;
    expect(annotations).toMatchObject({
      'nginx.ingress.kubernetes.io/affinity': 'cookie',
      'nginx.ingress.kubernetes.io/affinity-mode': 'persistent',
      'nginx.ingress.kubernetes.io/session-cookie-secure': 'true',
    });
  });

  it('lets each pod talk only to what it needs (default deny, then one policy per component)', async () => {
    const objects = rendered.default;
    const policies = ofKind(objects, 'NetworkPolicy');
    const pods = [...podsOf(objects).map(({ pod }) => pod), ...ofKind(objects, 'Pod')];
    const deny = named(objects, 'NetworkPolicy', 'chat-chat-default-deny');
    expect(deny.spec).toMatchObject({ policyTypes: ['Ingress', 'Egress'] });
    expect(deny.spec.ingress ?? [], 'no flow allowed').toEqual([]);
    for (const pod of pods)
      expect(selects(deny.spec.podSelector.matchLabels, pod.metadata.labels), pod.metadata.labels['app.kubernetes.io/component']).toBe(
        true,
      );

    const egressPorts = (name: string) =>
      named(objects, 'NetworkPolicy', name)
        .spec.egress.flatMap((rule: any) => rule.ports.map((port: any) => port.port))
        .sort((a: number, b: number) => a - b);
    expect(egressPorts('chat-chat-gateway')).toEqual([53, 53, 4222, 6379]);
    for (const component of ['auth', 'messages']) expect(egressPorts(`chat-chat-${component}`)).toEqual([53, 53, 4222, 5432, 6379, 9000]);
    expect(egressPorts('chat-chat-web')).toEqual([]);

    // coturn runs on the nodes' own network, where no NetworkPolicy applies (its denied peer ranges do).
    for (const { deployment, pod } of podsOf(objects).filter(({ pod }) => !pod.spec.hostNetwork)) {
      const policy = policies.find((candidate) => candidate.metadata.name === deployment.metadata.name)!;
      expect(selects(policy.spec.podSelector.matchLabels, pod.metadata.labels), deployment.metadata.name).toBe(true);
      const [rule] = policy.spec.ingress;
      expect(rule.from[0].namespaceSelector.matchLabels).toEqual({ 'kubernetes.io/metadata.name': 'ingress-nginx' });
      const portNames = pod.spec.containers[0].ports.map((port: any) => port.name);
      for (const { port } of rule.ports) expect(portNames, deployment.metadata.name).toContain(port);
      const [testPod] = ofKind(objects, 'Pod');
      expect(selects(rule.from[1].podSelector.matchLabels, testPod!.metadata.labels), 'the helm test pod may call it').toBe(true);
    }
    expect(ofKind(await render('default', ['networkPolicy.enabled=false']), 'NetworkPolicy')).toEqual([]);
  });

  it('lets the services reach the S3 store on its endpoint’s port: 443 for an https one without a port, or as told', async () => {
    const s3Egress = (objects: K8sObject[]) =>
      ['auth', 'messages'].map((component) =>
        named(objects, 'NetworkPolicy', `chat-chat-${component}`)
          .spec.egress.flatMap((rule: any) => rule.ports.map((port: any) => port.port))
          .filter((port: number) => port !== 53 && ![4222, 5432, 6379].includes(port)),
      );
    expect(s3Egress(rendered.production)).toEqual([[443], [443]]);
    expect(s3Egress(await render('default', ['s3.endpoint=http://minio.storage:8333']))).toEqual([[8333], [8333]]);
    expect(s3Egress(await render('production', ['networkPolicy.egress.s3.port=8443']))).toEqual([[8443], [8443]]);
  });

  it('has Prometheus scrape /metrics of every Node service when asked, on a port of its own, through the NetworkPolicies', async () => {
    expect(ofKind(rendered.default, 'ServiceMonitor')).toEqual([]);
    const objects = await render('default', ['metrics.serviceMonitor.enabled=true']);
    const [monitor] = ofKind(objects, 'ServiceMonitor');
    expect(monitor!.apiVersion).toBe('monitoring.coreos.com/v1');
    const components = monitor!.spec.selector.matchExpressions[0].values;
    const scraped = ofKind(objects, 'Service').filter(
      (service) =>
        selects(monitor!.spec.selector.matchLabels, service.metadata.labels) &&
        components.includes(service.metadata.labels!['app.kubernetes.io/component']),
    );
    expect(scraped.map((service) => service.metadata.name).sort()).toEqual(['chat-chat-auth', 'chat-chat-gateway', 'chat-chat-messages']);
    for (const service of scraped) expect(service.spec.ports.map((port: any) => port.name)).toContain(monitor!.spec.endpoints[0].port);
    expect(monitor!.spec.endpoints[0].path).toBe('/metrics');
    for (const component of ['auth', 'messages', 'gateway']) {
      const fromPrometheus = named(objects, 'NetworkPolicy', `chat-chat-${component}`).spec.ingress.find(
        (rule: any) => rule.from[0].namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring',
      );
      expect(fromPrometheus?.ports, component).toEqual([{ port: 'metrics' }]);
    }
    // The port the Services' http port and the Ingress lead to never serves it.
    expect(named(objects, 'ConfigMap', 'chat-chat').data!.METRICS_PORT).toBe('9464');
    const nodeServices = podsOf(objects).filter(({ deployment }) => /-(auth|messages|gateway)$/.test(deployment.metadata.name));
    expect(nodeServices).toHaveLength(3);
    for (const { deployment, pod } of nodeServices) {
      expect(pod.spec.containers[0].ports, deployment.metadata.name).toContainEqual({ name: 'metrics', containerPort: 9464 });
    }
  });

  it('has `helm test` run the smoke test script against every Service', async () => {
    const objects = rendered.default;
    const script = named(objects, 'ConfigMap', 'chat-chat-smoke-test');
    expect(script.metadata.annotations!['helm.sh/hook']).toBe('test');
    for (const file of ['smoke-test.mjs', 'turn-allocate.mjs'])
      expect(script.data![file]!.trim(), file).toBe((await readFile(`${CHART}/files/${file}`, 'utf8')).trim());
    const pod = named(objects, 'Pod', 'chat-chat-smoke-test');
    expect(pod.metadata.annotations!['helm.sh/hook']).toBe('test');
    const [container] = pod.spec.containers;
    expect(container.image).toBe(named(objects, 'Deployment', 'chat-chat-auth').spec.template.spec.containers[0].image);
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    for (const { name, value } of container.env) {
      const [, service, port] = /^(?:http:\/\/)?([\w-]+):(\d+)$/.exec(value) ?? [];
      expect(named(objects, 'Service', service!).spec.ports[0].port, name).toBe(Number(port));
    }
    const throughIngress = named(await render('default', ['tests.apiUrl=https://chat.example.com']), 'Pod', 'chat-chat-smoke-test');
    expect(throughIngress.spec.containers[0].env).toContainEqual({ name: 'API_URL', value: 'https://chat.example.com' });
  });

  it('takes the client address the Ingress saw, not one the client wrote', async () => {
    const data = named(rendered.default, 'ConfigMap', 'chat-chat').data!;
    const config = parseConfig(data);
    const app = await createHttpServer({ logLevel: 'silent', trustProxy: config.trustProxy });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    // A client forged a header; the Ingress controller's pod (10.0.0.7) appended the address it saw.
    const response = await app.inject({ url: '/ip', remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
    expect(response.json()).toEqual({ ip: '203.0.113.9' });
    await app.close();
  });
});
