// A process that is lent connections by connection-handover.test.ts: it reads the rest of each
// body from the lent socket and answers with the digest of the whole body (the prefix it was sent
// and the rest) and the bytes it read itself.
import { createHash } from 'node:crypto';
import { socketFromHandle } from './connection-handover';

interface Lent {
  id: number;
  prefix: Uint8Array;
  /** Body bytes still to come on the socket. */
  rest: number;
}

process.on('message', (message: Lent, handle: unknown) => {
  const socket = socketFromHandle(handle);
  const hash = createHash('sha256').update(message.prefix);
  let read = 0;
  const done = () => {
    socket.destroy();
    process.send?.({ id: message.id, digest: hash.digest('hex'), read });
  };
  if (message.rest === 0) {
    done();
    return;
  }
  socket.on('data', (chunk: Buffer) => {
    const part = chunk.subarray(0, message.rest - read);
    hash.update(part);
    read += part.length;
    if (read === message.rest) {
      socket.pause();
      done();
    }
  });
});
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
