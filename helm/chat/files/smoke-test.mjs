// `helm test`: every Service answers its readiness check, and a person can sign up, log in and
// send a message. Plain Node (fetch), no dependencies: it runs in the auth image. Each address
// comes from the environment; in embedded mode all of them are the one server.
//   AUTH_URL MESSAGES_URL GATEWAY_URL WEB_URL   e.g. http://chat-chat-auth:8080
//   API_URL   where /api is served (the Ingress, or the auth and messages Services themselves)
const env = (name, fallback) => process.env[name] ?? fallback ?? fail(`${name} is not set`);
function fail(message) {
  throw new Error(message);
}

async function check(what, response, status) {
  if (response.status !== status) fail(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
  console.log(`ok  ${what}`);
  return response;
}

/** Asks again while the answer is `retryOn` (a state still settling), for up to `seconds`. */
async function settled(ask, retryOn, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const response = await ask();
    if (response.status !== retryOn || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const cookieOf = (response) => (response.headers.get('set-cookie') ?? '').split(';')[0];
const json = (body, cookie) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

for (const [name, path] of [['AUTH_URL', '/readyz'], ['MESSAGES_URL', '/readyz'], ['GATEWAY_URL', '/readyz'], ['WEB_URL', '/']]) {
  const url = env(name) + path;
  const response = await fetch(url).catch((error) => fail(`${name} ${url}: ${error.cause?.code ?? error.message}`));
  await check(`${name} ${path}`, response, 200);
}

const authUrl = env('API_URL', process.env.AUTH_URL);
const messagesUrl = env('API_URL', process.env.MESSAGES_URL);
const run = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
const people = ['alice', 'bob'].map((name) => ({ fullName: `Helm Test ${name}`, email: `helm-test-${name}-${run}@example.com`, password: `pw-${run}` }));

const signups = [];
for (const person of people) signups.push(await check(`signup ${person.email}`, await fetch(`${authUrl}/api/auth/signup`, json(person)), 201));
const bob = await signups[1].json();
const login = await check('login', await fetch(`${authUrl}/api/auth/login`, json({ email: people[0].email, password: people[0].password })), 200);
const text = `hello from helm test ${run}`;
// The messages service learns of a new user from an event: until then the receiver is unknown (404).
const send = () => fetch(`${messagesUrl}/api/messages/send/${bob._id}`, json({ text }, cookieOf(login)));
await check('send', await settled(send, 404), 201);
const history = await check('history', await fetch(`${messagesUrl}/api/messages/${(await login.json())._id}`, { headers: { cookie: cookieOf(signups[1]) } }), 200);
if (!(await history.json()).some((message) => message.text === text)) fail('the message is not in the receiver’s history');
console.log('ok  the receiver sees the message');
