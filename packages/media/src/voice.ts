import { fileTypeFromBuffer } from 'file-type';

/** The recordings a voice message may be (what browsers' MediaRecorder makes), by the extension it is stored under. */
const VOICE_FORMATS = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
} as const;

export type VoiceExtension = keyof typeof VOICE_FORMATS;

/** What file-type calls each container a recording may come in. */
const SNIFFED: Record<string, VoiceExtension> = { webm: 'webm', ogg: 'ogg', oga: 'ogg', opus: 'ogg', m4a: 'm4a', mp4: 'm4a', mp3: 'mp3' };

/** The kind of recording the bytes are (whatever the upload claimed), or null when they are none. */
export async function voiceExtensionOf(bytes: Buffer): Promise<VoiceExtension | null> {
  const type = await fileTypeFromBuffer(bytes);
  return (type && SNIFFED[type.ext]) ?? null;
}

export const voiceContentTypeOf = (extension: VoiceExtension): string => VOICE_FORMATS[extension];
