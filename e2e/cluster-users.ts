import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { ApiClient, collectEvents, connected, openSocket } from '#test-support';
import type { ClusterService, LocalCluster } from '../scripts/local-cluster.js';

/** People using a local cluster through its edge, with sockets on the edge or on one replica. */
export function clusterUsers(currentCluster: () => LocalCluster) {
  const sockets: Socket[] = [];
  let probe: ApiClient | undefined;

  /** A signed-up user, returned once the messages service knows them (unless `known: false`). */
  async function signUp(name: string, { known = true } = {}) {
    const cluster = currentCluster();
    const client = new ApiClient(cluster.baseUrl);
    const user = await client.signup(name);
    if (!probe) {
      probe = new ApiClient(cluster.baseUrl);
      await probe.signup('Contact Probe');
    }
    if (known) await probe.waitForContact(user._id);
    /** A socket on the edge or straight on one replica, with the presence snapshots it receives. */
    const socket = async (via: ClusterService | 'edge', reconnect = false) => {
      const url = via === 'edge' ? cluster.baseUrl : cluster.serviceUrl(via);
      const socket = openSocket(url, { cookie: client.cookie, userId: user._id, reconnect });
      sockets.push(socket);
      const snapshots = collectEvents<string[]>(socket, 'getOnlineUsers');
      return Object.assign(await connected(socket), { snapshots });
    };
    /** The send's answer, whatever it is. */
    const post = (to: { _id: string }, text: string) => client.post(`/api/messages/send/${to._id}`, { text });
    /** A send that must be stored. */
    const send = async (to: { _id: string }, text: string) => {
      const response = await post(to, text);
      expect(response.status).toBe(201);
      return response.body as { _id: string; text: string };
    };
    const history = async (withUser: { _id: string }) =>
      ((await client.get(`/api/messages/${withUser._id}?limit=100`)).body as { text: string }[]).map((m) => m.text);
    return { ...user, client, socket, post, send, history };
  }

  return {
    signUp,
    disconnectAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}
