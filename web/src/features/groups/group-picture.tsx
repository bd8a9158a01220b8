import type { Group } from '@chat/contracts';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { photoFrom } from '../../lib/read-image';
import { useChatStore } from '../../store/use-chat-store';
import { GroupAvatar } from '../../ui/group-avatar';
import { groupsApi } from './groups-api';

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
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const photo = await photoFrom(file);
    if ('problem' in photo) return void toast.error(t(photo.problem));
    setPreview(photo.dataUrl);
    await save(photo.dataUrl);
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
