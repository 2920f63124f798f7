import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { MESSAGES } from '@freight/domain';
import { MAX_IMAGE_PIXELS, UploadRejection, type ImageMime } from './image-inspector';

// Every image is read once: libvips' operation cache would only hold memory and open files.
sharp.cache(false);

/**
 * Images re-encoded at once: one per core beyond the first, at most two. sharp runs each job on
 * a thread of libuv's pool (4 threads, shared with file I/O), so this keeps a core for the event
 * loop and pool threads for the file system; further uploads wait their turn.
 */
export const IMAGE_JOBS_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 1));
const queue = pLimit(IMAGE_JOBS_AT_ONCE);

/**
 * Nice value of libvips' threads: the lowest priority, so image work takes only CPU time that
 * the event loop (nice 0) and everything else leave over (measured with `npm run bench:upload`:
 * 19 kept other calls' p99 lower than 10 did).
 */
export const IMAGE_THREAD_NICE = 19;
const LIBVIPS_THREAD_NAME = 'libvips worker';

/**
 * Lowers the CPU priority of libvips' worker threads, which do all the decoding and encoding
 * (Linux: the nice value is per thread, and threads inherit their creator's). On a busy machine
 * the event loop then wins the CPU over re-encoding, so other calls stay fast during uploads
 * and uploads take longer instead. Best effort: elsewhere, or without /proc, it does nothing.
 */
async function deprioritiseImageThreads(): Promise<void> {
  if (process.platform !== 'linux') return;
  const tasks = await readdir('/proc/self/task').catch(() => [] as string[]);
  for (const task of tasks) {
    const name = await readFile(`/proc/self/task/${task}/comm`, 'utf8').catch(() => '');
    if (name.trim() !== LIBVIPS_THREAD_NAME) continue;
    try {
      const tid = Number(task);
      if (getPriority(tid) < IMAGE_THREAD_NICE) setPriority(tid, IMAGE_THREAD_NICE);
    } catch {
      // The thread ended meanwhile, or the system refuses: nothing to do.
    }
  }
}

/**
 * Runs `job` with libvips' threads deprioritised: before it starts (threads kept from earlier
 * jobs) and every 100 ms while it runs (threads libvips starts for it).
 */
async function withLowPriority<T>(job: () => Promise<T>): Promise<T> {
  await deprioritiseImageThreads();
  const timer = setInterval(() => void deprioritiseImageThreads(), 100);
  timer.unref();
  try {
    return await job();
  } finally {
    clearInterval(timer);
  }
}

export interface SanitizedImage {
  /** Bytes of the re-encoded file. */
  size: number;
  /** Pixels after the EXIF orientation was applied (a portrait photo stays portrait). */
  width: number;
  height: number;
}

/**
 * Decodes `input` (a file that {@link ImageInspector} passed) and writes it to `output` in the
 * same format, freshly encoded: the pixels only, turned upright by the EXIF orientation first,
 * converted to sRGB; EXIF (GPS position, camera, time), XMP, IPTC, ICC profiles, comments and
 * PNG text chunks are dropped, and whatever rode in the original's bytes does not survive.
 * JPEG is written at quality 90, PNG losslessly. Runs off the event loop (libvips on libuv's
 * pool, its threads at a lower CPU priority), at most {@link IMAGE_JOBS_AT_ONCE} at a time,
 * reading the input sequentially where the operations allow. A file libvips cannot decode is refused as `unreadable`.
 */
export function sanitizeImage(input: string, output: string, mime: ImageMime): Promise<SanitizedImage> {
  return queue(() => withLowPriority(() => encode(input, output, mime)));
}

async function encode(input: string, output: string, mime: ImageMime): Promise<SanitizedImage> {
  const image = sharp(input, {
    autoOrient: true,
    failOn: 'warning',
    limitInputPixels: MAX_IMAGE_PIXELS,
    sequentialRead: true,
  });
  const encoded =
    mime === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.png({ compressionLevel: 6, adaptiveFiltering: false });
  try {
    const info = await encoded.toFile(output);
    return { size: info.size, width: info.width, height: info.height };
  } catch (error) {
    // The inspector checked the header; libvips found the data itself broken or truncated.
    throw Object.assign(new UploadRejection('unreadable', MESSAGES.upload.unreadable), { cause: error });
  }
}
