/**
 * For the relay tests (not a test file itself): a real `/relay` namespace on a real socket.io
 * server on 127.0.0.1 (a free port), whose connections feed a real ReaderSupervisor as hub/hub.ts
 * wires them, with one floor reader `FL-1` and an in-memory store.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { ReaderSupervisor } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { TransportSink } from '../transports/transport.js';
import { tokenChecker } from './auth.js';
import { attachRelay } from './relay.js';

/** A relay hub for a test: its supervisor, the server's base URL (no namespace), and how to stop it. */
export interface RelayTestHub {
  sup: ReaderSupervisor;
  /** `http://127.0.0.1:<port>`: append RELAY_NAMESPACE for a raw socket.io client */
  url: string;
  /** closes the supervisor and the socket.io server */
  close(): Promise<void>;
}

/** Starts a relay hub that accepts the director token `token` (5000 ms until a silent reader is stale). */
export async function startRelayTestHub(token: string): Promise<RelayTestHub> {
  const sup = new ReaderSupervisor(new Map([['FL-1', ['floor']]]), openSqliteStore(':memory:'), { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000);
  const sink: TransportSink = {
    opened: (c) => sup.opened(c),
    line: (c, text, at) => sup.line(c, text, at),
    overlong: (c, line, at) => sup.overlong(c, line, at),
    closed: (c, reason, retrying) => sup.closed(c, reason, retrying),
    link: (c, retrying, reason) => sup.link(c, retrying, reason),
  };
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  attachRelay(io, { sink, isDirectorToken: tokenChecker(token) });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    sup,
    url,
    close: async () => {
      sup.close();
      await io.close();
    },
  };
}
