const CONTACT_SKELETON_ROWS = 8;

/** The contact rows' places while the first page of contacts loads. */
export function SidebarSkeleton() {
  return (
    <div className="w-full overflow-y-auto py-3" aria-busy="true">
      {Array.from({ length: CONTACT_SKELETON_ROWS }, (_, i) => (
        <div key={i} data-testid="contact-skeleton" className="flex w-full items-center gap-3 p-3">
          <div className="skeleton size-12 shrink-0 rounded-full" />
          <div className="min-w-0 flex-1">
            <div className="skeleton mb-2 h-4 w-32" />
            <div className="skeleton h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
