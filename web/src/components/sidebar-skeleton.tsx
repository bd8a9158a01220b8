import { Users } from 'lucide-react';

const CONTACT_SKELETON_ROWS = 8;

export function SidebarSkeleton() {
  return (
    <aside className="flex h-full w-20 flex-col border-r border-base-300 lg:w-72" aria-busy="true">
      <div className="w-full border-b border-base-300 p-5">
        <div className="flex items-center gap-2">
          <Users className="size-6" />
          <span className="hidden font-medium lg:block">Contacts</span>
        </div>
      </div>
      <div className="w-full overflow-y-auto py-3">
        {Array.from({ length: CONTACT_SKELETON_ROWS }, (_, i) => (
          <div key={i} data-testid="contact-skeleton" className="flex w-full items-center gap-3 p-3">
            <div className="skeleton size-12 shrink-0 rounded-full" />
            <div className="hidden min-w-0 flex-1 lg:block">
              <div className="skeleton mb-2 h-4 w-32" />
              <div className="skeleton h-3 w-16" />
            </div>
          </div>
        ))}
      </div>
    </aside>
  );
}
