/**
 * A TCP proxy that holds every chunk for `delayMs` in each direction, and a
 * new connection for one round trip before its first byte (the TCP
 * handshake): a phone's round trip to a server, on one machine. Chunks keep
 * their order, each direction on its own clock.
 */
import { connect, createServer } from 'node:net';

export async function startDelayProxy(target, delayMs) {
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const open = Date.now() + 2 * delayMs;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream, delayMs, open);
    relay(upstream, client, delayMs, open);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}

function relay(from, to, delayMs, open) {
  let last = 0;
  const later = (send) => {
    last = Math.max(Date.now() + delayMs, open, last);
    setTimeout(send, last - Date.now());
  };
  from.on('data', (chunk) => later(() => to.writable && to.write(chunk)));
  from.on('end', () => later(() => to.end()));
}
