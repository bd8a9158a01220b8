import type { SystemEvent } from '@chat/contracts';
import { systemLineText, type NameOf } from './system-words';

/** A line of a group's story ("Ann added Bob"), centred between the messages, in the reader's language. */
export function SystemLine({ event, myId, nameOf }: { event: SystemEvent; myId: string; nameOf: NameOf }) {
  return (
    <div className="my-2 flex justify-center" data-testid="system-line">
      <p dir="auto" className="max-w-[85%] rounded-lg bg-base-200 px-3 py-1 text-center text-xs text-muted shadow-sm">
        {systemLineText(event, myId, nameOf)}
      </p>
    </div>
  );
}
