const SERVICE = '/google.firestore.v1.Firestore';

/** The Firestore RPCs that can create, change or delete a document. */
const WRITING_METHODS = [
  'Commit',
  'BatchWrite',
  'Write',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
];

/**
 * Counts billable document reads and writes served by the Firestore stand-in, the way Firestore
 * bills them: a read per document fetched by get/getAll (found or not), per document a query
 * returns and for a query that returns none, per aggregation query; a write per write of a
 * commit that succeeded (a batch, a transaction or a single set/update/delete; deletes count).
 * `peers` holds the same counts per client connection (`host:port`), so a bench can tell one
 * process's reads (the API's) from another's (the job step function's) running meanwhile, and
 * per connection how often each document was fetched by name (`gets`: path → count).
 */
export function countReads(grpcServer) {
  const counts = { reads: 0, writes: 0, requests: 0 };
  // Never reset: a test compares it before and after a request to know nothing was written.
  let writeRequests = 0;
  let peers = {};
  const add = (call, field, amount) => {
    counts[field] += amount;
    const peer = typeof call.getPeer === 'function' ? call.getPeer() : 'unknown';
    peers[peer] ??= { reads: 0, writes: 0, gets: {} };
    peers[peer][field] += amount;
    return peers[peer];
  };
  // grpc-js keeps its registered handlers in a Map; each is wrapped to count what it serves.
  const handlers = grpcServer.handlers;
  const wrap = (method, countCall) => {
    const handler = handlers?.get(`${SERVICE}/${method}`);
    if (!handler) throw new Error(`The Firestore stand-in has no ${method} handler to count.`);
    const serve = handler.func;
    handler.func = (call, ...rest) => {
      counts.requests += 1;
      const result = countCall(call, (...args) => serve(call, ...args), rest);
      return result;
    };
  };

  wrap('BatchGetDocuments', (call, serve, rest) => {
    const { gets } = add(call, 'reads', call.request.documents.length);
    for (const name of call.request.documents) {
      const path = String(name).split('/documents/')[1] ?? String(name);
      gets[path] = (gets[path] ?? 0) + 1;
    }
    return serve(...rest);
  });
  wrap('RunQuery', (call, serve, rest) => {
    let documents = 0;
    const write = call.write.bind(call);
    call.write = (message, ...more) => {
      if (message.document) documents += 1;
      return write(message, ...more);
    };
    const result = serve(...rest);
    add(call, 'reads', Math.max(documents, 1));
    return result;
  });
  wrap('RunAggregationQuery', (call, serve, rest) => {
    add(call, 'reads', 1);
    return serve(...rest);
  });
  // Every RPC that can change a document, counted when called, whether it succeeds or not.
  for (const method of WRITING_METHODS) {
    const handler = handlers?.get(`${SERVICE}/${method}`);
    if (!handler) continue;
    const serve = handler.func;
    handler.func = (...args) => {
      writeRequests += 1;
      return serve(...args);
    };
  }
  if (!handlers?.get(`${SERVICE}/Commit`)) {
    throw new Error('The Firestore stand-in has no Commit handler to count.');
  }

  wrap('Commit', (call, serve, [callback, ...rest]) =>
    serve(
      (error, response) => {
        if (!error) add(call, 'writes', call.request.writes.length);
        callback(error, response);
      },
      ...rest,
    ),
  );

  return {
    snapshot: () => ({ ...counts, peers: structuredClone(peers) }),
    /** How many requests that can write have been served since the stand-in started. */
    writeRequests: () => writeRequests,
    reset: () => {
      peers = {};
      counts.reads = 0;
      counts.writes = 0;
      counts.requests = 0;
    },
  };
}
