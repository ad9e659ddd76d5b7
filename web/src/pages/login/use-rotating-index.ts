import { useEffect, useState } from 'react';

/** Cycles 0..count-1 every `intervalMs`. */
export function useRotatingIndex(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
