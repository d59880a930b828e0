import * as React from 'react';

/** A stable function that calls the latest `callback` once `delay` ms have passed without another call. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delay: number) {
  const callbackRef = React.useRef(callback);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => {
    callbackRef.current = callback;
  });
  React.useEffect(() => () => clearTimeout(timer.current), []);
  return React.useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => callbackRef.current(...args), delay);
    },
    [delay],
  );
}
