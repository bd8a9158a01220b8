import { LottieLight } from 'lottie-react';
import communityChat from '../assets/animations/community-chat.json';
import welcomeChat from '../assets/animations/welcome-chat.json';
import { useReducedMotion } from './use-reduced-motion';

const ANIMATIONS = { welcome: welcomeChat, community: communityChat };

/** The frame shown still: the middle one, when the scene is drawn (the first is an empty canvas). */
const stillFrame = ({ ip, op }: { ip: number; op: number }): [number, number] => {
  const middle = Math.floor((ip + op) / 2);
  return [middle, middle + 1];
};

/**
 * A looping Lottie animation shipped with the app: nothing is loaded from another host. The light
 * player has no expression support, so it needs no eval (and no unsafe-eval in the CSP). Someone
 * who asks their system for less motion sees one frame of it, still.
 */
export function ChatAnimation({ name, className }: { name: keyof typeof ANIMATIONS; className?: string }) {
  const still = useReducedMotion();
  const animation = ANIMATIONS[name];
  return (
    <LottieLight
      src={animation}
      loop={!still}
      autoplay={!still}
      segment={still ? stillFrame(animation) : undefined}
      className={className}
      aria-hidden="true"
    />
  );
}
