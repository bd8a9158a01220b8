import { Settings2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translatable } from '../../i18n';
import { useCallStore } from './call-store';
import { canChooseSpeaker, type DeviceKind } from './media-devices';
import { RoundButton } from './round-button';

const LABELS: Record<DeviceKind, string> = {
  audioinput: translatable('Microphone'),
  videoinput: translatable('Camera'),
  audiooutput: translatable('Speaker'),
};

/** The devices of each kind the browser has, named as it names them, kept as they come and go. */
function useDevices(open: boolean): MediaDeviceInfo[] {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (!open) return;
    const list = () => void navigator.mediaDevices.enumerateDevices().then(setDevices, () => setDevices([]));
    list();
    navigator.mediaDevices.addEventListener('devicechange', list);
    return () => navigator.mediaDevices.removeEventListener('devicechange', list);
  }, [open]);
  return devices;
}

/** One kind's devices to choose from, labelled by the kind alone. */
function DeviceSelect({
  kind,
  devices,
  chosen,
  onChoose,
}: {
  kind: DeviceKind;
  devices: MediaDeviceInfo[];
  chosen: string | undefined;
  onChoose(deviceId: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{t(LABELS[kind])}</label>
      <select id={id} className="select select-sm w-full" value={chosen ?? ''} onChange={(event) => onChoose(event.target.value)}>
        <option value="" disabled>
          {t('As the browser chooses')}
        </option>
        {devices
          .filter((device) => device.kind === kind && device.deviceId)
          .map((device, index) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label || `${t(LABELS[kind])} ${index + 1}`}
            </option>
          ))}
      </select>
    </div>
  );
}

/** "Devices": which microphone, camera (in a video call) and speaker (where the browser lets a page choose) the call uses. */
export function CallDevices() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const video = useCallStore((state) => state.video);
  const chosen = useCallStore((state) => state.devices);
  const chooseDevice = useCallStore((state) => state.chooseDevice);
  const devices = useDevices(open);
  const kinds: DeviceKind[] = [
    'audioinput',
    ...(video ? (['videoinput'] as const) : []),
    ...(canChooseSpeaker() ? (['audiooutput'] as const) : []),
  ];
  return (
    <div className="relative">
      <RoundButton label={t('Devices')} pressed={open} onClick={() => setOpen(!open)} className="btn-lg">
        <Settings2 />
      </RoundButton>
      {open && (
        <div className="absolute bottom-full mb-3 flex w-72 -translate-x-1/2 flex-col gap-3 rounded-box bg-base-100 p-4 text-base-content shadow-xl start-1/2 rtl:translate-x-1/2">
          {kinds.map((kind) => (
            <DeviceSelect key={kind} kind={kind} devices={devices} chosen={chosen[kind]} onChoose={(id) => void chooseDevice(kind, id)} />
          ))}
        </div>
      )}
    </div>
  );
}
