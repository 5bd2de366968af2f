import { useEffect, useState } from 'react';

/** The current time, moved on every `everyMs` (ages such as "5 minutes" stay true on an open page). */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
