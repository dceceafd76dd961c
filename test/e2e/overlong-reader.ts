/**
 * A broken Wi-Fi reader for test/e2e/overlong-line.test.ts, run as its own process:
 * `node --import tsx test/e2e/overlong-reader.ts <junk bytes>`.
 *
 * It listens on 127.0.0.1 (a free port, printed as `PORT <n>`), and to the first connection sends
 * `<junk bytes>` bytes of `X` with no newline (64 KB at a time, waiting for the socket to drain,
 * as a stuck firmware would), then a newline, then good lines of reader WL-1: a HELLO and a
 * snapshot of its wall with the 38 tiles of wall 1 (simulated tile set, tags 0 to 37). It prints
 * `SENT` once everything is written and keeps the connection open until it is killed.
 */
import net from 'node:net';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { simulatedTagUid } from '../../hub/tilesets/simulated.js';

const junkBytes = Number(process.argv[2]);
if (!Number.isInteger(junkBytes) || junkBytes < 0) throw new Error(`junk bytes "${process.argv[2]}" is not a whole number`);

const good = [
  encodeLine({ type: 'HELLO', reader: 'WL-1', firmware: '0.1.0', protocol: 0, zones: ['wall'] }),
  encodeLine({ type: 'SNAP', seq: 0, zone: 'wall', tags: Array.from({ length: 38 }, (_, i) => simulatedTagUid(i)) }),
];

const server = net.createServer((socket) => {
  server.close(); // one reader, one connection
  socket.on('error', () => process.exit(0));
  socket.on('data', () => void 0); // the hub's `CMD snap`: this reader does not answer
  const piece = Buffer.alloc(64 * 1024, 'X');
  let left = junkBytes;
  const send = () => {
    while (left > 0) {
      const n = Math.min(left, piece.length);
      left -= n;
      if (!socket.write(n === piece.length ? piece : piece.subarray(0, n))) {
        socket.once('drain', send);
        return;
      }
    }
    socket.write(`\n${good.join('\n')}\n`, () => console.log('SENT'));
  };
  send();
});
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as net.AddressInfo).port}`));
