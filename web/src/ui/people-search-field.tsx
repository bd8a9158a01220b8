import { MAX_CONTACT_SEARCH } from '@chat/contracts';
import { Search } from 'lucide-react';

/** How long typing in a search of people pauses before the server is asked. */
export const PEOPLE_SEARCH_PAUSE_MS = 250;

interface PeopleSearchFieldProps {
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** Where it sits and when it shows (its display included). */
  className: string;
  /** The input's id, for a shortcut to find it. */
  id?: string;
  /** The keys that go to it, told to assistive technology (`aria-keyshortcuts`). */
  keyShortcuts?: string;
}

/** A search of people by name, as the server takes it (at most MAX_CONTACT_SEARCH characters). */
export function PeopleSearchField({ label, placeholder, value, onChange, className, id, keyShortcuts }: PeopleSearchFieldProps) {
  return (
    <label className={`input input-sm w-full items-center gap-2 ${className}`}>
      <Search className="size-4 opacity-60" aria-hidden="true" />
      <input
        id={id}
        type="search"
        className="grow"
        placeholder={placeholder}
        aria-label={label}
        aria-keyshortcuts={keyShortcuts}
        maxLength={MAX_CONTACT_SEARCH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
