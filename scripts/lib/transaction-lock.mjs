const SERVICE = '/google.firestore.v1.Firestore';
/** A transaction that neither commits nor rolls back within this time is presumed dead. */
const ABANDONED_AFTER_MS = 10_000;

/**
 * Gives the Firestore stand-in's transactions the isolation Firestore guarantees, which the
 * stand-in lacks (every transaction gets the same dummy id, and concurrent read-modify-write
 * transactions lose each other's updates): read-write transactions run one at a time. A
 * transaction starts with BeginTransaction or a read asking for a new transaction, and ends with
 * a Commit carrying its id or a Rollback; the next one waits in line until then. Writes outside
 * transactions are not held up.
 */
export function isolateTransactions(grpcServer) {
  const waiting = [];
  let held = null;

  const release = () => {
    if (held) clearTimeout(held);
    held = null;
    const next = waiting.shift();
    if (next) next();
  };
  const acquire = () =>
    new Promise((resolve) => {
      const take = () => {
        held = setTimeout(release, ABANDONED_AFTER_MS);
        resolve(undefined);
      };
      if (held) waiting.push(take);
      else take();
    });

  const handlers = grpcServer.handlers;
  const wrap = (method, around) => {
    const handler = handlers?.get(`${SERVICE}/${method}`);
    if (!handler) throw new Error(`The Firestore stand-in has no ${method} handler to isolate.`);
    const serve = handler.func;
    handler.func = (call, ...rest) => around(call, (...args) => serve(call, ...args), rest);
  };
  const startsTransaction = (call, serve, rest) => {
    acquire().then(() => serve(...rest));
  };

  wrap('BeginTransaction', startsTransaction);
  wrap('BatchGetDocuments', (call, serve, rest) =>
    call.request.has_new_transaction ? startsTransaction(call, serve, rest) : serve(...rest),
  );
  wrap('RunQuery', (call, serve, rest) =>
    call.request.consistency_selector === 'new_transaction'
      ? startsTransaction(call, serve, rest)
      : serve(...rest),
  );
  wrap('Commit', (call, serve, [callback, ...rest]) => {
    if (!call.request.transaction?.length) return serve(callback, ...rest);
    return serve(
      (error, response) => {
        release();
        callback(error, response);
      },
      ...rest,
    );
  });
  wrap('Rollback', (call, serve, [callback, ...rest]) =>
    serve(
      (error, response) => {
        release();
        callback(error, response);
      },
      ...rest,
    ),
  );
}
