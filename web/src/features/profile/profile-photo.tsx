import type { AuthUser } from '@chat/contracts';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { avatarOf } from '../../lib/avatar';
import { photoFrom } from '../../lib/read-image';
import { useAuthStore } from '../../store/use-auth-store';
import { useTranslation } from 'react-i18next';

/** My photo: shown at once while a new one uploads, changed with the camera, taken back to the default avatar. */
export function ProfilePhoto({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const isUpdatingProfile = useAuthStore((state) => state.isUpdatingProfile);
  const updateProfile = useAuthStore((state) => state.updateProfile);
  const isRemovingPhoto = useAuthStore((state) => state.isRemovingPhoto);
  const removeProfilePic = useAuthStore((state) => state.removeProfilePic);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const photo = await photoFrom(file);
    if ('problem' in photo) {
      toast.error(t(photo.problem));
      event.target.value = '';
      return;
    }
    const { dataUrl } = photo;
    setPreview(dataUrl);
    await updateProfile(dataUrl);
    setPreview(null);
    event.target.value = '';
  };

  return (
    <div className="flex flex-col items-center gap-4">
      <div className="relative">
        <img
          src={preview ?? avatarOf(user.profilePic)}
          alt={t('{{name}}’s profile photo', { name: user.fullName })}
          className="size-32 rounded-full border-4 border-base-100 object-cover"
        />
        <button
          type="button"
          aria-label={t('Upload photo')}
          onClick={() => fileInputRef.current?.click()}
          disabled={isUpdatingProfile}
          className={`absolute end-0 bottom-0 cursor-pointer rounded-full bg-base-content p-2 transition-all duration-200 hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
            isUpdatingProfile ? 'animate-pulse' : ''
          }`}
        >
          <Camera className="size-5 text-base-200" aria-hidden="true" />
        </button>
        <input
          ref={fileInputRef}
          type="file"
          id="avatar-upload"
          className="hidden"
          accept="image/*"
          onChange={(event) => void onFile(event)}
          disabled={isUpdatingProfile}
        />
      </div>
      <p className="text-sm text-muted" role="status">
        {isUpdatingProfile ? t('Uploading...') : t('Click the camera icon to update your photo')}
      </p>
      {user.profilePic && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void removeProfilePic()}
          disabled={isUpdatingProfile || isRemovingPhoto}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('Remove photo')}
        </button>
      )}
    </div>
  );
}
