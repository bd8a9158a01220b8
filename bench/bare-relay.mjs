// The limit of this stack on this machine: a bare Socket.IO server that forwards what a sender emits
// to the recipient's socket, with nothing else (no auth, no storage, no bus). Prints its port.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => {
  const userId = String(socket.handshake.query.userId);
  void socket.join(userId);
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
