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
  const track = await openTrack(kind === 'audioinput' ? 'audio' : 'video', deviceId);
  if (!track) return null;
  for (const old of kind === 'audioinput' ? local.getAudioTracks() : local.getVideoTracks()) {
    track.enabled = old.enabled;
    local.removeTrack(old);
    old.stop();
  }
  local.addTrack(track);
  return track;
}

/** Turns the camera on again into the stream (the one chosen, else the browser's); false when the browser refuses it. */
export async function takeCamera(local: MediaStream, deviceId: string | undefined): Promise<boolean> {
  const track = await openTrack('video', deviceId);
  if (track) local.addTrack(track);
  return track !== null;
}

/** A new track of the device (the one given, else the browser's), or null when the browser refuses it. */
async function openTrack(media: 'audio' | 'video', deviceId: string | undefined): Promise<MediaStreamTrack | null> {
  const constraints = deviceId ? { deviceId: { exact: deviceId } } : true;
  const fresh = await navigator.mediaDevices.getUserMedia({ [media]: constraints }).catch(() => null);
  return fresh?.getTracks()[0] ?? null;
}
