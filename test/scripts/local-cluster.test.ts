import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../../scripts/local-cluster.js';

describe('the local cluster’s ports', () => {
  it('gives every server a port of its own, none of those already given, each one a server can listen on', async () => {
    const taken = await freePorts(20);
    const ports = await freePorts(200, taken);
    expect(new Set(ports).size, 'all different').toBe(200);
    expect(
      ports.filter((port) => taken.includes(port)),
      'none of those already given',
    ).toEqual([]);
    const server = createServer();
    await new Promise<void>((listening) => server.listen(ports[0], '127.0.0.1', listening));
    await new Promise((closed) => server.close(closed));
  });
});
