import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, unusedPort } from '#test-support';
import { iceServersFor } from '../../services/auth/src/routes/ice-servers.js';
import { waitUntilListening } from '../../scripts/local-cluster.js';
// @ts-expect-error: the chart's plain JavaScript TURN client has no types
import { allocate } from '../../helm/chat/files/turn-allocate.mjs';
import { named, ofKind, podsOf, refusal, render, rendered, SETUPS, CHART, valueArgs, type K8sObject } from './chart.js';

/** coturn as the chart runs it: its DaemonSet, its configuration, and what auth tells browsers of it. */
const coturnPod = (objects: K8sObject[]) => named(objects, 'DaemonSet', 'chat-chat-coturn').spec.template.spec;
const coturnConfig = (objects: K8sObject[]) => named(objects, 'ConfigMap', 'chat-chat-coturn').data!['turnserver.conf']!;
const authEnv = (objects: K8sObject[], name: string) =>
  named(objects, 'Deployment', 'chat-chat-auth').spec.template.spec.containers[0].env.find((entry: any) => entry.name === name);

const stops: (() => void)[] = [];
afterAll(() => stops.forEach((stop) => stop()));

describe('helm/chat calls: coturn', () => {
  it('runs coturn on the nodes’ own network, one pod a node, and gives browsers its address through auth', () => {
    const pod = coturnPod(rendered.default);
    expect(pod.hostNetwork).toBe(true);
    expect(pod.containers[0].args).toEqual(['-c', '/etc/coturn/turnserver.conf', '--static-auth-secret=$(TURN_SECRET)']);
    expect(authEnv(rendered.default, 'TURN_URLS').value).toBe(
      'turn:turn.example.com:3478?transport=udp,turn:turn.example.com:3478?transport=tcp',
    );
    expect(coturnConfig(rendered.default)).toContain('no-tls\n');
    expect(coturnConfig(rendered.default)).toMatch(/^min-port=49152\nmax-port=65535$/m);
    expect(coturnPod(rendered.production).nodeSelector).toEqual({ 'chat.io/turn': 'true' });
  });

  it('serves turns: on 5349 with the Ingress’ certificate when the Ingress serves TLS', () => {
    const objects = rendered.production;
    expect(authEnv(objects, 'TURN_URLS').value).toBe(
      'turn:turn.example.com:3478?transport=udp,turn:turn.example.com:3478?transport=tcp,turns:turn.example.com:5349?transport=tcp',
    );
    expect(coturnConfig(objects)).toMatch(/^tls-listening-port=5349\ncert=\/etc\/coturn\/tls\/tls.crt\npkey=\/etc\/coturn\/tls\/tls.key$/m);
    const pod = coturnPod(objects);
    expect(pod.volumes.find((volume: any) => volume.name === 'tls')).toEqual({
      name: 'tls',
      secret: { secretName: 'chat-example-com-tls', defaultMode: 0o440 },
    });
    expect(pod.securityContext.fsGroup, 'the key readable by coturn’s group').toBe(3478);
    expect(pod.containers[0].ports.map((port: any) => `${port.name} ${port.containerPort}/${port.protocol}`)).toEqual([
      'turn-udp 3478/UDP',
      'turn-tcp 3478/TCP',
      'turns 5349/TCP',
    ]);
  });

  it('keeps relays out of private, loopback and link-local networks, and bounds what one user takes', () => {
    const config = coturnConfig(rendered.default);
    for (const range of [
      '10.0.0.0-10.255.255.255',
      '172.16.0.0-172.31.255.255',
      '192.168.0.0-192.168.255.255',
      '127.0.0.0-127.255.255.255',
      '169.254.0.0-169.254.255.255',
    ])
      expect(config).toContain(`denied-peer-ip=${range}\n`);
    expect(config).toContain('user-quota=12\nmax-bps=500000\n');
  });

  it('grants a relay, Debian’s coturn running the rendered configuration, to the credential auth issues', async () => {
    const dir = await tempDir('chart-coturn');
    const port = await unusedPort();
    // The rendered file, on a port of this run's own and on loopback only (as a node would, on its addresses).
    const config = coturnConfig(rendered.default).replace(
      'listening-port=3478',
      `listening-port=${port}\nlistening-ip=127.0.0.1\nrelay-ip=127.0.0.1`,
    );
    await writeFile(join(dir, 'turnserver.conf'), config);
    const secret = named(rendered.default, 'Secret', 'chat-chat').stringData!.TURN_SECRET!;
    const coturn = spawn('turnserver', ['-c', join(dir, 'turnserver.conf'), `--static-auth-secret=${secret}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stops.push(() => coturn.kill());
    let log = '';
    coturn.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilListening(port);
    const [relay] = iceServersFor({ urls: [`turn:127.0.0.1:${port}`], secret, ttlSeconds: 600, relayOnly: false }, 'user-1').iceServers;
    await expect(allocate(`127.0.0.1:${port}`, relay!.username, relay!.credential)).resolves.toBeUndefined();
    expect(log, 'coturn read every line of the configuration').not.toMatch(/CONFIG ERROR|Bad configuration|unknown option|ERROR: /i);
  });

  it('renders no coturn and no TURN server for auth when calls go peer to peer only (turn.enabled=false)', async () => {
    const objects = await render('default', ['turn.enabled=false']);
    expect(ofKind(objects, 'DaemonSet')).toEqual([]);
    expect(authEnv(objects, 'TURN_URLS')).toBeUndefined();
    expect(named(objects, 'Secret', 'chat-chat').stringData).not.toHaveProperty('TURN_SECRET');
    expect(podsOf(objects).map(({ deployment }) => deployment.metadata.name)).not.toContain('chat-chat-coturn');
  });

  it('refuses to invent coturn’s secret where it could not be kept, and a short one', async () => {
    expect(await refusal(['template', 'chat', CHART, ...valueArgs(SETUPS.default, ['turn.secret='])])).toContain(
      'turn.secret or existingSecret is required when rendering without a cluster',
    );
    expect(await refusal(['template', 'chat', CHART, ...valueArgs(SETUPS.default, ['turn.secret=short'])])).toContain("at '/turn/secret'");
  });
});
