const SERVICE = '/google.firestore.v1.Firestore';

/**
 * Counts billable document reads and writes served by the Firestore stand-in, the way Firestore
 * bills them: a read per document fetched by get/getAll (found or not), per document a query
 * returns and for a query that returns none, per aggregation query; a write per write of a
 * commit that succeeded (a batch, a transaction or a single set/update/delete; deletes count).
 */
export function countReads(grpcServer) {
  const counts = { reads: 0, writes: 0, requests: 0 };
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
    counts.reads += call.request.documents.length;
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
    counts.reads += Math.max(documents, 1);
    return result;
  });
  wrap('RunAggregationQuery', (_call, serve, rest) => {
    counts.reads += 1;
    return serve(...rest);
  });
  wrap('Commit', (call, serve, [callback, ...rest]) =>
    serve(
      (error, response) => {
        if (!error) counts.writes += call.request.writes.length;
        callback(error, response);
      },
      ...rest,
    ),
  );

  return {
    snapshot: () => ({ ...counts }),
    reset: () => {
      counts.reads = 0;
      counts.writes = 0;
      counts.requests = 0;
    },
  };
}
