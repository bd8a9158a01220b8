import { useEffect, useState } from 'react';

/**
 * What the server answers `ask` about `key`, once it comes: null while it comes, if it fails (for
 * what a screen shows only when it has it: an "About", a link's card) and for a null key. The
 * answer about an earlier key is never shown for a later one. `ask` is a module's function, the
 * same at every render.
 */
export function useAnswer<Answer>(key: string | null, ask: (key: string) => Promise<Answer>): Answer | null {
  const [answer, setAnswer] = useState<{ key: string; value: Answer } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    ask(key).then(
      (value) => current && setAnswer({ key, value }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, ask]);
  return answer && answer.key === key ? answer.value : null;
}
