import { checkImageFile } from '@chat/contracts';
import { Camera, Download, KeyRound, LogOut, Mail, Trash2, User } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { AboutField } from './about-field';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EXPORT_URL } from '../../api/client';
import { avatarOf } from '../../lib/avatar';
import { readAsDataUrl } from '../../lib/read-image';
import { useAuthStore } from '../../store/use-auth-store';
import { useShallow } from 'zustand/react/shallow';

export function ProfilePage() {
  const { authUser, isUpdatingProfile, updateProfile, isRemovingPhoto, removeProfilePic, isLoggingOutEverywhere, logoutAll } = useAuthStore(
    useShallow((state) => ({
      authUser: state.authUser,
      isUpdatingProfile: state.isUpdatingProfile,
      updateProfile: state.updateProfile,
      isRemovingPhoto: state.isRemovingPhoto,
      removeProfilePic: state.removeProfilePic,
      isLoggingOutEverywhere: state.isLoggingOutEverywhere,
      logoutAll: state.logoutAll,
    })),
  );
  const [isDeletingAccount, setDeletingAccount] = useState(false);
  const [isChangingPassword, setChangingPassword] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  if (!authUser) return null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem);
      event.target.value = '';
      return;
    }
    const dataUrl = await readAsDataUrl(file);
    setPreview(dataUrl);
    await updateProfile(dataUrl);
    setPreview(null);
    event.target.value = '';
  };

  return (
    <main className="min-h-screen pt-20 pb-10">
      <div className="mx-auto max-w-2xl p-4 py-8">
        <div className="space-y-8 rounded-xl bg-base-300 p-6">
          <div className="text-center">
            <h1 className="text-2xl font-semibold">Profile</h1>
            <p className="mt-2">Your profile information</p>
          </div>

          <div className="flex flex-col items-center gap-4">
            <div className="relative">
              <img
                src={preview ?? avatarOf(authUser.profilePic)}
                alt={`${authUser.fullName}’s profile photo`}
                className="size-32 rounded-full border-4 border-base-100 object-cover"
              />
              <button
                type="button"
                aria-label="Upload photo"
                onClick={() => fileInputRef.current?.click()}
                disabled={isUpdatingProfile}
                className={`absolute right-0 bottom-0 cursor-pointer rounded-full bg-base-content p-2 transition-all duration-200 hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
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
              {isUpdatingProfile ? 'Uploading...' : 'Click the camera icon to update your photo'}
            </p>
            {authUser.profilePic && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => void removeProfilePic()}
                disabled={isUpdatingProfile || isRemovingPhoto}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove photo
              </button>
            )}
          </div>

          <div className="space-y-6">
            <div className="space-y-1.5">
              <div className="flex items-center gap-2 text-sm text-muted">
                <User className="size-4" />
                Full Name
              </div>
              <p className="rounded-lg border border-base-content/10 bg-base-200 px-4 py-2.5" data-testid="profile-name">
                {authUser.fullName}
              </p>
            </div>
            <div className="space-y-1.5">
              <div className="flex items-center gap-2 text-sm text-muted">
                <Mail className="size-4" />
                Email Address
              </div>
              <p className="rounded-lg border border-base-content/10 bg-base-200 px-4 py-2.5">{authUser.email}</p>
            </div>
            <AboutField />
          </div>

          <div className="rounded-xl bg-base-300 p-6">
            <h2 className="mb-4 text-lg font-medium">Account Information</h2>
            <div className="space-y-3 text-sm">
              <div className="flex items-center justify-between border-b border-base-content/10 py-2">
                <span>Member Since</span>
                <span>{authUser.createdAt.split('T')[0]}</span>
              </div>
              <div className="flex items-center justify-between py-2">
                <span>Account Status</span>
                <span className="flex items-center gap-1.5">
                  <span className="size-2 rounded-full bg-success" aria-hidden="true" />
                  Active
                </span>
              </div>
            </div>
          </div>

          <div className="flex flex-col items-center gap-2 text-center">
            <button type="button" className="btn btn-outline" onClick={() => setChangingPassword(true)}>
              <KeyRound className="size-5" aria-hidden="true" />
              Change password
            </button>
            <p className="text-sm text-muted">Your other browsers and devices are signed out when you do.</p>
            <ChangePasswordDialog open={isChangingPassword} onDone={() => setChangingPassword(false)} />
          </div>

          <div className="flex flex-col items-center gap-2 text-center">
            <button type="button" className="btn btn-outline" onClick={() => void logoutAll()} disabled={isLoggingOutEverywhere}>
              <LogOut className="size-5" aria-hidden="true" />
              Log out of all devices
            </button>
            <p className="text-sm text-muted">Signs you out here and on every other browser and device.</p>
          </div>

          <div className="flex flex-col items-center gap-2 text-center">
            <a className="btn btn-outline" href={EXPORT_URL} download>
              <Download className="size-5" aria-hidden="true" />
              Export my data
            </a>
            <p className="text-sm text-muted">A zip of your profile, every conversation and their pictures.</p>
          </div>

          <div className="flex flex-col items-center gap-2 text-center">
            <button type="button" className="btn btn-ghost text-danger" onClick={() => setDeletingAccount(true)}>
              <Trash2 className="size-5" aria-hidden="true" />
              Delete account
            </button>
            <DeleteAccountDialog open={isDeletingAccount} onDone={() => setDeletingAccount(false)} />
          </div>
        </div>
      </div>
    </main>
  );
}
