import { useEffect, useRef } from 'react';
import { canChooseSpeaker } from './media-devices';

/**
 * A stream played: as video (muted for one's own picture, which must not echo), or as sound alone;
 * its sound on the chosen speaker, where the browser lets a page choose.
 */
export function MediaView({
  stream,
  video,
  muted = false,
  speaker,
  className = '',
  label,
}: {
  stream: MediaStream;
  video: boolean;
  muted?: boolean;
  speaker?: string;
  className?: string;
  label?: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  // Sound alone and video are different elements: whichever is shown now plays the stream.
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream, video]);
  useEffect(() => {
    // A speaker gone since it was chosen leaves the sound where it was.
    if (speaker && canChooseSpeaker()) ref.current?.setSinkId(speaker).catch(() => undefined);
  }, [speaker, video]);
  if (!video) return <audio ref={ref} autoPlay />;
  return <video ref={ref} autoPlay playsInline muted={muted} className={className} aria-label={label} />;
}
