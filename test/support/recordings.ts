/** The start of a WebM recording, as a browser's MediaRecorder writes it, then silence: what a voice message's bytes sniff as. */
export const webmRecording = () =>
  new Uint8Array([...Buffer.from('1A45DFA39F4286810142F7810142F2810442F381084282847765626D4287810442858102', 'hex'), ...new Uint8Array(4000)]);
