import { lazy, Suspense, type ComponentProps } from 'react';

const EmojiPickerPanel = lazy(() => import('./emoji-picker-panel').then((module) => ({ default: module.EmojiPickerPanel })));

/** The emoji picker in its own chunk, loaded the first time it opens; a spinner until then. */
export function LazyEmojiPickerPanel(props: ComponentProps<typeof EmojiPickerPanel>) {
  return (
    <Suspense fallback={<span className="loading loading-spinner" />}>
      <EmojiPickerPanel {...props} />
    </Suspense>
  );
}
