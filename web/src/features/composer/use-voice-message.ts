import { VOICE_MESSAGE_NAME, type QuotedMessage } from '@chat/contracts';
import { useCallback, useEffect, useEffectEvent } from 'react';
import toast from 'react-hot-toast';
import { useChatStore } from '../../store/use-chat-store';
import { useVoiceRecorder, type VoiceRecording } from './use-voice-recorder';
import { t } from '../../i18n';

/**
 * A voice message to `peerId`, recorded from the box: `start` asks for the microphone, `finish`
 * sends what was said (as a reply to `replyTo` when there is one), `cancel` throws it away. A
 * recording is for the person it was started for: opening another conversation throws it away.
 */
export function useVoiceMessage(peerId: string, replyTo: QuotedMessage | null, onSent: (() => void) | undefined) {
  const sendMessage = useChatStore((state) => state.sendMessage);
  const notifyTyping = useChatStore((state) => state.notifyTyping);
  const sendVoice = useCallback(
    ({ blob, seconds }: VoiceRecording) => {
      sendMessage({
        text: '',
        image: null,
        file: new File([blob], VOICE_MESSAGE_NAME, { type: blob.type }),
        voiceSeconds: seconds,
        replyTo,
      });
      onSent?.();
    },
    [sendMessage, replyTo, onSent],
  );
  const voice = useVoiceRecorder(sendVoice);
  const cancelRecording = useEffectEvent(() => voice.cancel());
  useEffect(() => () => cancelRecording(), [peerId]);

  return {
    ...voice,
    start: async () => {
      notifyTyping(false);
      if (!(await voice.start())) toast.error(t('Allow the microphone to record a voice message'));
    },
    finish: async () => {
      const recording = await voice.finish();
      if (recording) sendVoice(recording);
    },
  };
}
