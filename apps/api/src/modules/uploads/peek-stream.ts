import { Readable } from 'node:stream';

/**
 * The first `bytes` of a stream (fewer when it is shorter), and a stream that gives all of it
 * again, head included, pulling the rest of the source only as it is read.
 */
export async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const stream = Readable.from(
    (async function* () {
      yield* chunks;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
  return { head: Buffer.concat(chunks).subarray(0, bytes), stream };
}
