/**
 * A TCP proxy for tests (not a test file itself): listens on a free port on 127.0.0.1 and forwards
 * every connection to `target`. `pause()` freezes the path the way a hung network does: nothing is
 * forwarded in either direction (bytes, ends and resets are held in order), every socket stays
 * open, and new connections are accepted but get no answer; `resume()` delivers what was held, in
 * order, and forwards again. `pause('down')` freezes only the server → client direction (a reply
 * that does not come back while the request went through); `pauseDownAfter(text)` does that
 * right after a client chunk containing `text` went up (e.g. `"COMMIT"`: the server commits, its
 * answer is held).
 */
import net from 'node:net';

/** Which direction a pause freezes: both, or only what the server sends back. */
export type FreezeDirection = 'both' | 'down';

/** A running proxy. */
export interface PausableProxy {
  /** the proxy's port on 127.0.0.1 */
  port: number;
  /** connections accepted so far */
  readonly connections: number;
  /** stops forwarding (see the module comment); idempotent */
  pause(direction?: FreezeDirection): void;
  /** freezes the server → client direction right after the next client chunk containing `text` is forwarded */
  pauseDownAfter(text: string): void;
  /** delivers what was held and forwards again */
  resume(): void;
  /** closes the listener and destroys every socket */
  close(): Promise<void>;
}

/** One direction of a pair: forwards or holds, in order. */
class Pipe {
  private held: (() => void)[] = [];
  frozen = false;
  constructor(
    private from: net.Socket,
    private to: net.Socket,
    onForwarded: (chunk: Buffer) => void = () => undefined,
  ) {
    from.on('data', (chunk: Buffer) =>
      this.run(() => {
        if (!to.destroyed) to.write(chunk);
        onForwarded(chunk);
      }),
    );
    from.on('end', () => this.run(() => void to.end()));
    from.on('close', () => this.run(() => void to.destroy()));
    from.on('error', () => undefined); // 'close' follows
  }
  private run(action: () => void): void {
    if (this.frozen) this.held.push(action);
    else action();
  }
  thaw(): void {
    this.frozen = false;
    const held = this.held;
    this.held = [];
    for (const a of held) a();
  }
  destroy(): void {
    this.from.destroy();
  }
}

/**
 * Starts a proxy to `target` (e.g. `{ host: '127.0.0.1', port: 5432 }`).
 * @throws when no port can be listened on
 */
export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  const pipes: { up: Pipe; down: Pipe }[] = [];
  let frozen: FreezeDirection | null = null;
  let connections = 0;
  let trigger: Buffer | null = null;
  const pause = (direction: FreezeDirection = 'both'): void => {
    frozen = direction;
    for (const p of pipes) {
      if (direction === 'both') p.up.frozen = true;
      p.down.frozen = true;
    }
  };
  const server = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(target.port, target.host);
    const up = new Pipe(client, upstream, (chunk) => {
      if (trigger && chunk.includes(trigger)) {
        trigger = null;
        pause('down');
      }
    });
    const down = new Pipe(upstream, client);
    if (frozen) {
      up.frozen = frozen === 'both';
      down.frozen = true;
    }
    pipes.push({ up, down });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (typeof addr !== 'object' || !addr) throw new Error('pausable proxy: no port');
  return {
    port: addr.port,
    get connections() {
      return connections;
    },
    pause,
    pauseDownAfter(text) {
      trigger = Buffer.from(text, 'utf8');
    },
    resume() {
      frozen = null;
      trigger = null;
      for (const p of pipes) {
        p.up.thaw();
        p.down.thaw();
      }
    },
    async close() {
      for (const p of pipes) {
        p.up.destroy();
        p.down.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
