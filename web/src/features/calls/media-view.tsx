import { useEffect, useRef } from 'react';

/** A stream played: as video (muted for one's own picture, which must not echo), or as sound alone. */
export function MediaView({
  stream,
  video,
  muted = false,
  className = '',
  label,
}: {
  stream: MediaStream;
  video: boolean;
  muted?: boolean;
  className?: string;
  label?: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  if (!video) return <audio ref={ref} autoPlay />;
  return <video ref={ref} autoPlay playsInline muted={muted} className={className} aria-label={label} />;
}
