import { formatDuration } from '@chat/contracts';
import { Mic, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A voice message, played where it is shown: play or pause, how far it has got, and how long it
 * lasts (as recorded: a browser's recording often does not say). One still on its way waits.
 */
export function VoiceMessage({ url, seconds, isPending }: { url: string; seconds: number; isPending: boolean }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);

  useEffect(() => {
    const player = audio.current;
    if (!player) return;
    const onTime = () => setPosition(player.currentTime);
    const onEnd = () => {
      setPlaying(false);
      setPosition(0);
    };
    const onPause = () => setPlaying(false);
    const onPlay = () => setPlaying(true);
    player.addEventListener('timeupdate', onTime);
    player.addEventListener('ended', onEnd);
    player.addEventListener('pause', onPause);
    player.addEventListener('play', onPlay);
    return () => {
      player.removeEventListener('timeupdate', onTime);
      player.removeEventListener('ended', onEnd);
      player.removeEventListener('pause', onPause);
      player.removeEventListener('play', onPlay);
    };
  }, []);

  const toggle = () => {
    const player = audio.current;
    if (!player) return;
    if (player.paused) void player.play().catch(() => setPlaying(false));
    else player.pause();
  };

  const shown = isPlaying || position > 0 ? position : seconds;
  return (
    <div className="mb-1 flex w-56 items-center gap-3" data-testid="voice-message">
      <button
        type="button"
        className="btn btn-circle btn-sm shrink-0"
        onClick={toggle}
        disabled={isPending || !url}
        aria-label={isPlaying ? t('Pause voice message') : t('Play voice message')}
      >
        {isPlaying ? <Pause className="size-4" /> : <Play className="size-4" />}
      </button>
      <progress className="progress h-1.5 flex-1 text-inherit" value={Math.min(position, seconds)} max={seconds} aria-label={t('Played')} />
      <span className="flex shrink-0 items-center gap-1 text-xs tabular-nums">
        <Mic className="size-3" aria-hidden="true" />
        <time data-testid="voice-duration">{formatDuration(shown)}</time>
      </span>
      {url && <audio ref={audio} src={url} preload="none" />}
    </div>
  );
}
