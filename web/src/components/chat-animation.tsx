import { LottieLight } from 'lottie-react';
import communityChat from '../assets/animations/community-chat.json';
import welcomeChat from '../assets/animations/welcome-chat.json';

const ANIMATIONS = { welcome: welcomeChat, community: communityChat };

/**
 * A looping Lottie animation shipped with the app: nothing is loaded from another host. The light
 * player has no expression support, so it needs no eval (and no unsafe-eval in the CSP).
 */
export function ChatAnimation({ name, className }: { name: keyof typeof ANIMATIONS; className?: string }) {
  return <LottieLight src={ANIMATIONS[name]} loop autoplay className={className} aria-hidden="true" />;
}
