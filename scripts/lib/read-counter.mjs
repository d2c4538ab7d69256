const SERVICE = '/google.firestore.v1.Firestore';

/**
 * Counts billable document reads served by the Firestore stand-in, the way Firestore bills them:
 * one per document fetched by get/getAll (found or not), one per document a query returns and one
 * for a query that returns none, one per aggregation query.
 */
export function countReads(grpcServer) {
  const counts = { reads: 0, requests: 0 };
  // grpc-js keeps its registered handlers in a Map; each is wrapped to count what it serves.
  const handlers = grpcServer.handlers;
  const wrap = (method, countCall) => {
    const handler = handlers?.get(`${SERVICE}/${method}`);
    if (!handler) throw new Error(`The Firestore stand-in has no ${method} handler to count.`);
    const serve = handler.func;
    handler.func = (call, ...rest) => {
      counts.requests += 1;
      const result = countCall(call, () => serve(call, ...rest));
      return result;
    };
  };

  wrap('BatchGetDocuments', (call, serve) => {
    counts.reads += call.request.documents.length;
    return serve();
  });
  wrap('RunQuery', (call, serve) => {
    let documents = 0;
    const write = call.write.bind(call);
    call.write = (message, ...rest) => {
      if (message.document) documents += 1;
      return write(message, ...rest);
    };
    const result = serve();
    counts.reads += Math.max(documents, 1);
    return result;
  });
  wrap('RunAggregationQuery', (_call, serve) => {
    counts.reads += 1;
    return serve();
  });

  return {
    snapshot: () => ({ ...counts }),
    reset: () => {
      counts.reads = 0;
      counts.requests = 0;
    },
  };
}
