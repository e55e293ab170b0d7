/**
 * Where sitegen's servers listen: this machine's loopback alone, on every address of it their name leads to. A browser
 * takes localhost for ::1 or 127.0.0.1 whatever /etc/hosts says (Chromium tries ::1 first): a server on one of them
 * alone would print an address that can lead to another program holding the same port on the other, which then gets
 * the page's requests (and the editor's token in its address).
 */
import { lookup } from 'node:dns/promises';
import type { Server as HttpServer } from 'node:http';
import { createServer, isIP, type AddressInfo, type Server } from 'node:net';
import { SitegenError } from '../errors';
import { isLoopbackAddress } from './host-check';

/**
 * A --host that would open the servers to the network (0.0.0.0, an address of the network's, a name for one) is
 * refused before anything listens, and by preview and dev before they open anything (the lead database), so that the
 * option at fault is what they name. A name that resolves to nothing is left to listen.
 */
export async function refuseOffLoopback(host: string): Promise<void> {
  // An empty host (--host "$HOST", HOST unset) would have Node listen on every address.
  const addresses = host.trim() ? await lookup(host, { all: true }).catch(() => []) : [{ address: host }];
  const outside = addresses.find(({ address }) => !isLoopbackAddress(address));
  if (outside)
    throw new SitegenError(
      `--host: expected this machine's loopback (localhost, 127.0.0.1, ::1 or a name for them), found "${host}"` +
        `${outside.address === host ? '' : ` (${outside.address})`}: sitegen's servers answer this machine alone`,
    );
}

/** Listens on `host`'s addresses, the same port on each; returns what closes the listeners past the first. */
export async function listenOnLoopback(server: HttpServer, port: number, host: string): Promise<() => void> {
  const [first = host, ...others] = await addressesOf(host);
  for (let attempt = 1; ; attempt++) {
    await listening(server, port, first).catch((error) => Promise.reject(listenError(error, port, first, host)));
    const taken = (server.address() as AddressInfo).port;
    const more: Server[] = [];
    try {
      for (const address of others) {
        const also = createServer((socket) => server.emit('connection', socket));
        await listening(also, taken, address).then(
          () => more.push(also),
          (error) => absent(error) || Promise.reject(listenError(error, taken, address, host)),
        );
      }
      return () => more.forEach((also) => also.close());
    } catch (error) {
      more.forEach((also) => also.close());
      await new Promise((resolve) => server.close(resolve));
      // A port the system chose on one address can be another program's on the other: another is chosen.
      if (port !== 0 || attempt === 3) throw error;
    }
  }
}

/** A machine without IPv6 has no ::1 to listen on, nor has anyone else. */
const absent = (error: NodeJS.ErrnoException) => error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT';

async function addressesOf(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const found = await lookup(host, { all: true }).catch(() => []);
  const loopback = host === 'localhost' || host.endsWith('.localhost') ? ['127.0.0.1', '::1'] : [];
  return [...new Set([...found.map(({ address }) => address), ...loopback])];
}

function listening(server: Server, port: number, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, address: string, host: string): Error {
  if (error.code === 'EADDRINUSE')
    return new SitegenError(
      `port ${port} on ${address === host ? host : `${host} (${address})`} is in use: choose another with --port`,
    );
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN')
    return new SitegenError(
      `--host: expected a name of this machine or one of its addresses, found "${host}" (no address found)`,
    );
  if (error.code === 'EADDRNOTAVAIL')
    return new SitegenError(`--host: expected one of this machine's addresses, found "${host}"`);
  return error;
}
