/** What other modules may use of `shell`: the layout and language preferences (the profile page shows them too). */
export { settings } from './settings';
export { changeLayout } from './preferences';
export { LanguageSelect, ThemeSwatches, useLayoutNames } from './components/preference-controls';
