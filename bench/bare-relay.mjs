// The limit of this stack on this machine: a bare Socket.IO server that forwards what a sender emits
// to the recipient's socket, with nothing else (no auth, no storage, no bus). Prints its port.
// For the group phase it answers the few routes that phase calls (sign up, create a group, send to
// it) the same way, with nothing behind them: a group is a room, a send one broadcast to it.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';

/** Each group's members, by group id. */
const groups = new Map();
/** The user a `jwt=<id>` cookie names (the relay's sign-up hands out the id itself). */
const userOf = (cookie = '') => /jwt=([\w-]+)/.exec(cookie)?.[1];

const http = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
    const userId = userOf(request.headers.cookie);
    const answer = (payload, headers = {}) => {
      response.writeHead(201, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };
    if (request.url === '/api/auth/signup') {
      const id = randomUUID();
      return answer({ _id: id, fullName: body.fullName }, { 'set-cookie': `jwt=${id}; HttpOnly` });
    }
    if (request.url === '/api/messages/groups') {
      const id = randomUUID();
      groups.set(id, new Set([userId, ...body.memberIds]));
      return answer({ _id: id });
    }
    const send = /^\/api\/messages\/groups\/([\w-]+)\/send$/.exec(request.url ?? '');
    if (send) {
      const at = new Date().toISOString();
      const message = {
        _id: randomUUID(),
        senderId: userId,
        groupId: send[1],
        text: body.text,
        clientMessageId: body.clientMessageId,
        createdAt: at,
        updatedAt: at,
      };
      io.to(send[1]).emit('newMessage', message);
      return answer(message);
    }
    response.writeHead(404).end();
  });
});
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => {
  const userId = String(userOf(socket.handshake.headers.cookie) ?? socket.handshake.query.userId);
  void socket.join(userId);
  for (const [groupId, members] of groups) if (members.has(userId)) void socket.join(groupId);
  socket.on('send', (message) => {
    io.to(message.receiverId).emit('newMessage', message);
  });
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${http.address().port}\n`);
});
process.on('SIGTERM', () => {
  io.close();
  http.close(() => process.exit(0));
});
