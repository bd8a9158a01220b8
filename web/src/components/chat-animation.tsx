import Lottie from 'lottie-react';
import communityChat from '../assets/animations/community-chat.json';
import welcomeChat from '../assets/animations/welcome-chat.json';

const ANIMATIONS = { welcome: welcomeChat, community: communityChat };

/** A looping Lottie animation shipped with the app: nothing is loaded from another host. */
export function ChatAnimation({ name, className }: { name: keyof typeof ANIMATIONS; className?: string }) {
  return <Lottie animationData={ANIMATIONS[name]} loop autoplay className={className} aria-hidden="true" />;
}
