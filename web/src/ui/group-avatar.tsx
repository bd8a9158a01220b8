import { Users } from 'lucide-react';

/** A group's picture, or a circle with people in it when it has none; decorative when given no name. */
export function GroupAvatar({ picture, name, className = 'size-12' }: { picture: string; name: string; className?: string }) {
  return picture ? (
    <img src={picture} alt={name} className={`${className} rounded-full object-cover`} />
  ) : (
    // Without a name it only decorates a name written beside it.
    <span
      {...(name ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      className={`${className} flex items-center justify-center rounded-full bg-neutral text-neutral-content`}
    >
      <Users className="size-1/2" aria-hidden="true" />
    </span>
  );
}
