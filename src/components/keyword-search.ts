/**
 * The keyword box of a list toolbar without the UI: typing searches once the user pauses
 * (`delayMs`), Enter searches at once, reset clears and searches. The keyword is trimmed, and a
 * pause does not search again for the keyword already searched.
 */
export interface KeywordSearch {
  /** The text changed (a search follows after the pause). */
  input(text: string): void;
  /** Enter: search now (again, if it is the same keyword: a refresh). */
  submit(text: string): void;
  /** 重置: search for '' now. */
  reset(): void;
  /** The last keyword searched (the list's keyword when it changed from outside). */
  sync(keyword: string): void;
  /** Drops a pending search (unmount). */
  cancel(): void;
}

export function createKeywordSearch(onSearch: (keyword: string) => void, delayMs: number): KeywordSearch {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = '';
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const run = (keyword: string) => {
    cancel();
    last = keyword;
    onSearch(keyword);
  };
  return {
    input(text) {
      cancel();
      const keyword = text.trim();
      if (keyword === last) return;
      timer = setTimeout(() => run(keyword), delayMs);
    },
    submit: (text) => run(text.trim()),
    reset: () => run(''),
    sync(keyword) {
      cancel();
      last = keyword.trim();
    },
    cancel,
  };
}
