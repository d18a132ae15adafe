// Applies the stored or system theme before React starts, so the page does not flash light in dark mode.
// Keep in step with src/features/theme/utils/theme-preference.ts (key 'theme', values 'light' | 'dark').
(function () {
  try {
    var stored = window.localStorage.getItem('theme');
    var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage unavailable: keep the default light theme */
  }
})();
