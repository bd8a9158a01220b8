import { expect } from 'vitest';
import { ApiClient } from '#test-support';

/** Alice and Bob with a surname of their own, so each test's contact list is unambiguous, known to each other. */
export async function twoPeople(baseUrl: string, surname: string) {
  const alice = new ApiClient(baseUrl);
  const bob = new ApiClient(baseUrl);
  const aliceUser = await alice.signup(`Alice ${surname}`);
  const bobUser = await bob.signup(`Bob ${surname}`);
  await alice.waitForContact(bobUser._id);
  await bob.waitForContact(aliceUser._id);
  /** A text message that must be stored. */
  const send = async (from: ApiClient, to: string, text: string) => {
    const response = await from.post(`/api/messages/send/${to}`, { text });
    expect(response.status).toBe(201);
  };
  return { alice, bob, aliceUser, bobUser, send };
}
