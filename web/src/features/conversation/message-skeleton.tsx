const MESSAGE_SKELETON_BUBBLES = 6;

export function MessageSkeleton() {
  return (
    <div className="flex-1 space-y-4 overflow-y-auto p-4" aria-busy="true">
      {Array.from({ length: MESSAGE_SKELETON_BUBBLES }, (_, i) => (
        <div key={i} data-testid="message-skeleton" className={`chat ${i % 2 === 0 ? 'chat-start' : 'chat-end'}`}>
          <div className="chat-image avatar">
            <div className="size-10 rounded-full">
              <div className="skeleton size-full rounded-full" />
            </div>
          </div>
          <div className="chat-header mb-1">
            <div className="skeleton h-4 w-16" />
          </div>
          <div className="chat-bubble bg-transparent p-0">
            <div className="skeleton h-16 w-[200px]" />
          </div>
        </div>
      ))}
    </div>
  );
}
