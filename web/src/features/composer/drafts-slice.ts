import { draftStorage, type Drafts } from '../../lib/drafts';
import { useAuthStore } from '../../store/use-auth-store';
import type { ChatSlice } from '../../store/chat-slice';

export interface DraftsSlice {
  /**
   * What I have written to each person and not sent, by their id: shown in their row, back in the
   * input when I return to them, kept across a reload.
   */
  drafts: Drafts;
  /** The image attached to each person's next message, by their id: kept while the page is. */
  draftImages: Record<string, string>;
  /** Keeps what I have written to `peerId` (an empty text drops the draft). */
  setDraft(peerId: string, text: string): void;
  setDraftImage(peerId: string, image: string | null): void;
  /** The file (a document) attached to each person's next message, by their id: one attachment at a time, a file or an image. */
  draftFiles: Record<string, File>;
  setDraftFile(peerId: string, file: File | null): void;
  /** Takes up the signed-in user's drafts kept from before (a reload, a closed tab). */
  restoreDrafts(): void;
}

/** What it holds before anyone signs in, and again once they leave. */
export const DRAFTS_SIGNED_OUT = {
  drafts: {},
  draftImages: {},
  draftFiles: {},
} satisfies Partial<DraftsSlice>;

/** What I have written to each person and not sent yet, and what I attached. */
export const createDraftsSlice: ChatSlice<DraftsSlice> = (set, get) => {
  return {
    ...DRAFTS_SIGNED_OUT,
    setDraft(peerId, text) {
      const me = useAuthStore.getState().authUser?._id;
      // Another tab of mine may have changed other drafts since: only this one changes, theirs are taken up.
      const drafts = { ...((me && draftStorage.load(me)) || get().drafts) };
      if (text) drafts[peerId] = text;
      else delete drafts[peerId];
      set({ drafts });
      if (me) draftStorage.save(me, drafts);
    },

    setDraftImage(peerId, image) {
      const { [peerId]: _image, ...draftImages } = get().draftImages;
      const { [peerId]: _file, ...draftFiles } = get().draftFiles;
      set(image ? { draftImages: { ...draftImages, [peerId]: image }, draftFiles } : { draftImages });
    },

    setDraftFile(peerId, file) {
      const { [peerId]: _image, ...draftImages } = get().draftImages;
      const { [peerId]: _file, ...draftFiles } = get().draftFiles;
      set(file ? { draftFiles: { ...draftFiles, [peerId]: file }, draftImages } : { draftFiles });
    },

    restoreDrafts() {
      const me = useAuthStore.getState().authUser?._id;
      set({ drafts: (me && draftStorage.load(me)) || {}, draftImages: {}, draftFiles: {} });
    },
  };
};
