import { useCallback, useEffect, useRef, useState } from 'react';

/** A short message at the bottom of the page (提交成功, 已保存，联网后自动提交 …), read out by screen readers. */
export const NOTE_MS = 3000;

export function useNote(): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((t: string) => {
    clearTimeout(timer.current);
    setText(t);
    timer.current = setTimeout(() => setText(null), NOTE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [text, show];
}

export function Note({ text }: { text: string | null }) {
  return (
    <div className="h5-note-host" role="status" aria-live="polite">
      {text ? (
        <div className="h5-note" data-testid="h5-note">
          {text}
        </div>
      ) : null}
    </div>
  );
}
