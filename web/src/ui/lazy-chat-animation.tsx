import { lazy, Suspense, type ComponentProps } from 'react';

const ChatAnimation = lazy(() => import('./chat-animation').then((module) => ({ default: module.ChatAnimation })));

/** The animation in its own chunk, so the first screen does not wait for the Lottie player. */
export function LazyChatAnimation(props: ComponentProps<typeof ChatAnimation>) {
  return (
    <Suspense fallback={<div className={props.className} />}>
      <ChatAnimation {...props} />
    </Suspense>
  );
}
