import { useEffect } from 'react';

/** How often the ring repeats: two short rings, then a pause, as phones ring. */
const RING_EVERY_MS = 3000;

/** Rings (a tone made here: nothing is loaded from anywhere) while `ringing` holds. */
export function useRingtone(ringing: boolean): void {
  useEffect(() => {
    if (!ringing) return;
    let audio: AudioContext;
    try {
      audio = new AudioContext();
    } catch {
      // No audio here: the sheet still shows.
      return;
    }
    const ring = () => {
      const gain = audio.createGain();
      gain.connect(audio.destination);
      gain.gain.value = 0.06;
      for (const start of [0, 0.5]) {
        const tone = audio.createOscillator();
        tone.frequency.value = 440;
        tone.connect(gain);
        tone.start(audio.currentTime + start);
        tone.stop(audio.currentTime + start + 0.35);
      }
    };
    ring();
    const repeat = setInterval(ring, RING_EVERY_MS);
    return () => {
      clearInterval(repeat);
      void audio.close();
    };
  }, [ringing]);
}
