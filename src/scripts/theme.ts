/** Theme toggles: flip light/dark on <html>, store the choice under `theme` (docs/site.md#shell-and-layout). */
import { THEME_KEY } from '../lib/site/theme';

export function wireThemeToggles(): void {
  const root = document.documentElement;
  const sync = () =>
    document
      .querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')
      .forEach((b) => b.setAttribute('aria-pressed', String(root.classList.contains('dark'))));
  document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]').forEach((btn) =>
    btn.addEventListener('click', () => {
      const dark = !root.classList.contains('dark');
      root.classList.toggle('dark', dark);
      try {
        localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
      } catch {
        /* storage disabled: the choice lasts for this page only */
      }
      sync();
    }),
  );
  sync();
}
