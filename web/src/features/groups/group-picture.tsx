import type { Group } from '@chat/contracts';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { photoFrom } from '../../lib/read-image';
import { t as translate } from '../../i18n';
import { useChatStore } from '../../store/use-chat-store';
import { GroupAvatar } from '../../ui/group-avatar';
import { groupsApi } from './groups-api';

/** The picture picked in a file input (cleared for the next pick), made to fit as a photo; null, said in a toast, if it cannot be one. */
async function pickedPicture(event: ChangeEvent<HTMLInputElement>): Promise<string | null> {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  const photo = await photoFrom(file);
  if ('problem' in photo) {
    toast.error(translate(photo.problem));
    return null;
  }
  return photo.dataUrl;
}

const ROUND_BUTTON =
  'absolute bottom-0 flex size-11 cursor-pointer items-center justify-center rounded-full bg-base-content text-base-200 transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

/**
 * The group's picture in its info: whoever may edit its info changes it with the camera (shown at
 * once while it uploads) or removes it; every member sees the change, with a line saying who made it.
 */
export function GroupPicture({ group, canEdit }: { group: Group; canEdit: boolean }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const save = async (picture: string | null) => {
    setSaving(true);
    await useChatStore
      .getState()
      .changeGroup((groupId) => (picture ? groupsApi.setPicture(groupId, picture) : groupsApi.removePicture(groupId)));
    setSaving(false);
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const picture = await pickedPicture(event);
    if (!picture) return;
    setPreview(picture);
    await save(picture);
    setPreview(null);
  };

  return (
    <div className={`relative mb-2 ${isSaving ? 'animate-pulse' : ''}`}>
      <GroupAvatar picture={preview ?? group.picture} name={group.name} className="size-28" />
      {canEdit && (
        <>
          <button
            type="button"
            className={`${ROUND_BUTTON} end-0`}
            aria-label={t('Change group picture')}
            title={t('Change group picture')}
            onClick={() => fileInputRef.current?.click()}
            disabled={isSaving}
          >
            <Camera className="size-5" aria-hidden="true" />
          </button>
          <input ref={fileInputRef} type="file" className="hidden" accept="image/*" onChange={(event) => void onFile(event)} />
          {group.picture && (
            <button
              type="button"
              className={`${ROUND_BUTTON} start-0`}
              aria-label={t('Remove group picture')}
              title={t('Remove group picture')}
              onClick={() => void save(null)}
              disabled={isSaving}
            >
              <Trash2 className="size-5" aria-hidden="true" />
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** A new group's picture, chosen with the camera (made to fit the limit, as a photo): shown as it will be, or the group's mark. */
export function GroupPictureChooser({ picture, name, onChange }: { picture: string; name: string; onChange(picture: string): void }) {
  const { t } = useTranslation();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const picture = await pickedPicture(event);
    if (picture) onChange(picture);
  };
  return (
    <button
      type="button"
      className="relative mx-auto mt-3 block cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      aria-label={t('Add group picture')}
      title={t('Add group picture')}
      onClick={() => fileInputRef.current?.click()}
    >
      <GroupAvatar picture={picture} name={name} className="size-20" />
      <span className="absolute end-0 bottom-0 flex size-8 items-center justify-center rounded-full bg-base-content text-base-200">
        <Camera className="size-4" aria-hidden="true" />
      </span>
      <input ref={fileInputRef} type="file" className="hidden" accept="image/*" onChange={(event) => void onFile(event)} />
    </button>
  );
}
