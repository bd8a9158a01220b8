import { NotFound } from '../ui/not-found';

/** Any address the app does not know. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh pt-16">
      <NotFound
        title="Page not found"
        text="There is nothing at this address. The link may be mistyped or out of date."
        home="Go to your chats"
      />
    </main>
  );
}
