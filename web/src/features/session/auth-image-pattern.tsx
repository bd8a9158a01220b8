import { LazyChatAnimation } from '../../ui/lazy-chat-animation';

/** The side panel of the signup and login screens. */
export function AuthImagePattern({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="hidden items-center justify-center bg-base-200 p-12 lg:flex">
      <div className="max-w-md text-center">
        <LazyChatAnimation name="community" className="mx-auto mb-6 size-72" />
        <h2 className="mb-4 text-2xl font-bold">{title}</h2>
        <p className="text-muted">{subtitle}</p>
      </div>
    </div>
  );
}
