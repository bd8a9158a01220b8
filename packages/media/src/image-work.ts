import { IMAGES_BUSY } from '@chat/contracts';
import { HttpError } from '@chat/kernel';
import fastq from 'fastq';
import sharp from 'sharp';

/**
 * Decoding and encoding a picture takes memory by its pixels and a thread of the pool bcrypt and
 * file reads share. The pool, libvips and the memory are the process's, whoever asks (auth and
 * messages share one process in embedded mode), so the work is queued once per process: a few
 * pictures at a time, a few more waiting, and past that 503 `{message}` at once rather than a
 * queue that grows with the requests.
 */
export const IMAGE_WORK = { running: 2, waiting: 8 } as const;

// No cache of decoded images: each picture is worked on once. One libvips thread a picture.
sharp.cache(false);
sharp.concurrency(1);

const queue = fastq.promise((job: () => Promise<unknown>) => job(), IMAGE_WORK.running);

/** Runs `job` (work on a picture) when its turn comes, or refuses it with 503 when too many wait. */
export function inImageQueue<T>(job: () => Promise<T>): Promise<T> {
  if (queue.length() >= IMAGE_WORK.waiting) return Promise.reject(new HttpError(503, IMAGES_BUSY));
  return queue.push(job) as Promise<T>;
}
