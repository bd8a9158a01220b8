import type { Contact } from '@chat/contracts';
import { useTranslation } from 'react-i18next';
import { avatarOf } from '../../lib/avatar';

/** The members an "@" offers, above the box: the marked one is what Enter or Tab picks. */
export function MentionSuggestions({ people, marked, onPick }: { people: Contact[]; marked: number; onPick(person: Contact): void }) {
  const { t } = useTranslation();
  return (
    <ul
      role="listbox"
      aria-label={t('Mention someone')}
      className="absolute start-4 end-4 bottom-full z-30 mb-1 max-w-sm overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-lg"
    >
      {people.map((person, index) => (
        <li key={person._id} role="option" aria-selected={index === marked}>
          <button
            type="button"
            // The box keeps the focus: a click picks without leaving it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(person)}
            className={`flex w-full items-center gap-2 px-3 py-2 text-start ${index === marked ? 'bg-base-300' : 'hover:bg-base-200'}`}
          >
            <img src={avatarOf(person.profilePic)} alt="" className="size-7 rounded-full object-cover" />
            <span dir="auto" className="truncate">
              {person.fullName}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
