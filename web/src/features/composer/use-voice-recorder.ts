import { MAX_VOICE_SECONDS } from '@chat/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The recording formats tried in turn: Opus in WebM (Chrome, Firefox), in Ogg, then AAC in MP4 (Safari). */
const FORMATS = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

export interface VoiceRecording {
  blob: Blob;
  /** Whole seconds, at least one. */
  seconds: number;
}

/**
 * Records a voice message from the microphone: `start` asks for it (false when refused or
 * missing), `finish` stops and hands the recording over, `cancel` throws it away. A recording stops
 * by itself at MAX_VOICE_SECONDS; the microphone is let go as soon as it ends.
 */
export function useVoiceRecorder(onTooLong: (recording: VoiceRecording) => void) {
  const [isRecording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);

  const stop = useCallback((): Promise<VoiceRecording | null> => {
    const current = recorder.current;
    recorder.current = null;
    setRecording(false);
    if (!current) return Promise.resolve(null);
    return new Promise((resolve) => {
      const chunks: Blob[] = [];
      current.ondataavailable = (event) => chunks.push(event.data);
      current.onstop = () => {
        for (const track of current.stream.getTracks()) track.stop();
        const blob = new Blob(chunks, { type: current.mimeType });
        resolve({ blob, seconds: Math.min(MAX_VOICE_SECONDS, Math.max(1, Math.round((Date.now() - startedAt.current) / 1000))) });
      };
      current.stop();
    });
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    if (recorder.current || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return false;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return false;
    }
    const mimeType = FORMATS.find((format) => MediaRecorder.isTypeSupported(format));
    const started = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    recorder.current = started;
    startedAt.current = Date.now();
    setSeconds(0);
    setRecording(true);
    started.start();
    return true;
  }, []);

  useEffect(() => {
    if (!isRecording) return;
    const timer = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt.current) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_VOICE_SECONDS) void stop().then((recording) => recording && onTooLong(recording));
    }, 250);
    return () => clearInterval(timer);
  }, [isRecording, stop, onTooLong]);

  // Leaving the conversation mid-recording lets the microphone go.
  useEffect(() => () => void stop(), [stop]);

  const cancel = useCallback(() => void stop(), [stop]);
  return { isRecording, seconds, start, finish: stop, cancel };
}
