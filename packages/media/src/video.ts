import { fileTypeFromBuffer } from 'file-type';

/** The videos a file may be played as, where it is shown, by the extension it is stored under: what every browser plays. */
const VIDEO_FORMATS = {
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;

export type VideoExtension = keyof typeof VIDEO_FORMATS;

/** What file-type calls each container such a video may come in (an .m4v is an MP4 by another name). */
const SNIFFED: Record<string, VideoExtension> = { mp4: 'mp4', m4v: 'mp4', webm: 'webm' };

/** The kind of video the bytes are (whatever the upload claimed), or null when they are none a browser plays. */
export async function videoExtensionOf(bytes: Buffer): Promise<VideoExtension | null> {
  const type = await fileTypeFromBuffer(bytes);
  return (type?.mime.startsWith('video/') && SNIFFED[type.ext]) || null;
}

export const videoContentTypeOf = (extension: VideoExtension): string => VIDEO_FORMATS[extension];
