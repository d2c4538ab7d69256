import http from 'node:http';
import { createRequire } from 'node:module';
import { FirestoreServer, FirestoreState } from '@firestore-emulator/server';
import { countReads } from './read-counter.mjs';
import { isolateTransactions } from './transaction-lock.mjs';

// The stand-in pins its own @grpc/grpc-js; credentials must come from that same copy.
const standinRequire = createRequire(
  createRequire(import.meta.url).resolve('@firestore-emulator/server'),
);
const { ServerCredentials } = standinRequire('@grpc/grpc-js');
const { Write } = standinRequire('@firestore-emulator/proto/dist/google/firestore/v1/write');

/**
 * Firestore orders and compares integers and doubles together by value (1 < 1.5 < 2, 2 == 2.0);
 * the stand-in compares only values of the same type, so a query ordered by a number field that
 * holds both (outline `position`s: whole milliseconds, and fractions once an item was moved)
 * comes out in creation order. Its two number field types, reached through a scratch document,
 * are made to compare by value across both. Throws when the stand-in's shape changed.
 */
function compareNumbersByValue() {
  const state = new FirestoreState();
  const name = 'projects/probe/databases/(default)/documents/probe/numbers';
  const fields = { whole: { integer_value: 1 }, fraction: { double_value: 0.5 } };
  state.writeV1Document(new Date(), Write.fromObject({ update: { name, fields } }));
  const document = state.getDocument(name);
  const whole = document.getField('whole');
  const fraction = document.getField('fraction');
  const types = [whole?.constructor, fraction?.constructor];
  const isNumber = (field) => types.some((type) => type && field instanceof type);
  const byValue = {
    eq: (a, b) => a === b,
    lt: (a, b) => a < b,
    lte: (a, b) => a <= b,
    gt: (a, b) => a > b,
    gte: (a, b) => a >= b,
  };
  for (const type of new Set(types)) {
    for (const [method, compare] of Object.entries(byValue)) {
      const sameTypeOnly = type?.prototype[method];
      if (typeof sameTypeOnly !== 'function') break;
      type.prototype[method] = function (other) {
        return isNumber(other) ? compare(this.value, other.value) : sameTypeOnly.call(this, other);
      };
    }
  }
  if (!whole?.gt(fraction) || !fraction?.lt(whole) || whole.eq(fraction)) {
    throw new Error(
      'The Firestore stand-in changed: integers and doubles no longer compare by value.',
    );
  }
}
compareNumbersByValue();

/**
 * Starts the Node Firestore stand-in (gRPC, loopback only) plus a small HTTP control server
 * that answers the official emulator's reset call, so tests reset both emulators the same way.
 * The control server also reports (`GET /reads`) and resets (`DELETE /reads`) the document reads
 * and writes served since the last reset, for `npm run bench:outline-reads`, and (`GET
 * /write-requests`) how many requests that can write it has served since it started.
 */
export async function startFirestoreStandin({ host = '127.0.0.1', port, controlPort }) {
  const firestore = new FirestoreServer();
  // The package's start() binds 0.0.0.0; its gRPC server is reached directly to bind loopback only.
  const grpcServer = firestore.server;
  const reads = countReads(grpcServer);
  isolateTransactions(grpcServer);
  await new Promise((resolve, reject) => {
    grpcServer.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error) =>
      error ? reject(error) : resolve(undefined),
    );
  });

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (
      req.method === 'DELETE' &&
      /^\/emulator\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents$/.test(url.pathname)
    ) {
      firestore.state.clear();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    if (url.pathname === '/reads' && (req.method === 'GET' || req.method === 'DELETE')) {
      const counted = reads.snapshot();
      if (req.method === 'DELETE') reads.reset();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counted));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/write-requests') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ write_requests: reads.writeRequests() }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/dump') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(firestore.state.toJSON()));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Ok');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  });
  await new Promise((resolve, reject) => {
    control.once('error', reject);
    control.listen(controlPort, host, () => resolve(undefined));
  });

  return {
    stop: async () => {
      await new Promise((resolve) => control.close(() => resolve(undefined)));
      await new Promise((resolve) => grpcServer.tryShutdown(() => resolve(undefined)));
    },
  };
}
