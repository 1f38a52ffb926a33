/**
 * NOTE: the baseline for chat delivery: a bare socket.io server with the realtime socket's options (websocket
 * only, connection state recovery) and no session, database or validation. A socket's `auth.token` names its
 * person; it joins `user:<token>`. `POST /send` with `{ to: string[], message }` emits `chat_message` to those
 * people's rooms, then answers 201 with the message, as /api/chat/send-message does after its commit. Run as its
 * own process by bench/chat.ts; prints `listening <port>` and stops on SIGTERM.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/send') return void res.writeHead(404).end();
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const { to, message } = JSON.parse(body) as { to: string[]; message: unknown };
    io.to(to.map((person) => `user:${person}`)).emit('chat_message', message);
    const answer = JSON.stringify({ message });
    res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(answer) }).end(answer);
  });
});
const io = new Server(server, {
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
});
io.on('connection', (socket) => void socket.join(`user:${String((socket.handshake.auth as { token?: unknown }).token)}`));
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => io.close(() => process.exit(0)));
