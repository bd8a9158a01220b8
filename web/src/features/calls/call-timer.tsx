import { formatDuration } from '@chat/contracts';
import { useEffect, useState } from 'react';

/** How long the call has been under way, "4:12", counted from when media first flowed. */
export function CallTimer({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <span className="tabular-nums" data-testid="call-timer">
      {formatDuration((now - since) / 1000)}
    </span>
  );
}
