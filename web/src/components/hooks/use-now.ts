import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so texts like '5 minutes ago' stay true on an open page. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
