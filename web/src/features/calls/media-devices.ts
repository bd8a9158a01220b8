/** A kind of device a call uses: where sound comes from, where the picture comes from, where sound goes. */
export type DeviceKind = 'audioinput' | 'videoinput' | 'audiooutput';

/** The devices this tab's call uses, by kind: the browser's default until one is chosen. */
export type ChosenDevices = Partial<Record<DeviceKind, string>>;

/** Whether sound can be sent to a chosen speaker here (Chromium can; Firefox asks, Safari cannot). */
export const canChooseSpeaker = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * Takes the microphone or camera `deviceId` in place of the stream's own: the new track goes into
 * the same stream (whatever plays or sends it follows), the old one is stopped (its light goes
 * out). Answers the new track, or null when the browser refuses the device.
 */
export async function switchInput(
  local: MediaStream,
  kind: 'audioinput' | 'videoinput',
  deviceId: string,
): Promise<MediaStreamTrack | null> {
  const media = kind === 'audioinput' ? 'audio' : 'video';
  const fresh = await navigator.mediaDevices.getUserMedia({ [media]: { deviceId: { exact: deviceId } } }).catch(() => null);
  const track = fresh?.getTracks()[0];
  if (!track) return null;
  for (const old of kind === 'audioinput' ? local.getAudioTracks() : local.getVideoTracks()) {
    track.enabled = old.enabled;
    local.removeTrack(old);
    old.stop();
  }
  local.addTrack(track);
  return track;
}
