/** The start of a WebM recording, as a browser's MediaRecorder writes it, then silence: what a voice message's bytes sniff as. */
export const webmRecording = () =>
  new Uint8Array([
    ...Buffer.from('1A45DFA39F4286810142F7810142F2810442F381084282847765626D4287810442858102', 'hex'),
    ...new Uint8Array(4000),
  ]);

/** The start of an MP4 video (its `ftyp` box: brand isom, compatible with mp42), then padding: what a phone's video sniffs as. */
export const mp4Video = () =>
  new Uint8Array([...Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex'), ...new Uint8Array(4000)]);
