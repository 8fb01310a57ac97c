import { useCallback, useEffect, useRef } from 'react';

/**
 * Collects partial changes and sends them merged once typing pauses for `delay` ms; pending
 * changes are sent at once when the component unmounts or the page is hidden, so every
 * keystroke's final state is saved.
 */
export function useDebouncedSave<T extends object>(send: (patch: Partial<T>) => void, delay = 400) {
  const pending = useRef<Partial<T> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const patch = pending.current;
    pending.current = null;
    if (patch) sendRef.current(patch);
  }, []);

  const queue = useCallback(
    (patch: Partial<T>) => {
      pending.current = { ...pending.current, ...patch };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [flush, delay],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  return { queue, flush };
}
