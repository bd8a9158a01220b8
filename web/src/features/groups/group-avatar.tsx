import { Users } from 'lucide-react';

/** A group's picture, or a circle with people in it when it has none. */
export function GroupAvatar({ picture, name, className = 'size-12' }: { picture: string; name: string; className?: string }) {
  return picture ? (
    <img src={picture} alt={name} className={`${className} rounded-full object-cover`} />
  ) : (
    <span
      role="img"
      aria-label={name}
      className={`${className} flex items-center justify-center rounded-full bg-neutral text-neutral-content`}
    >
      <Users className="size-1/2" aria-hidden="true" />
    </span>
  );
}
