/**
 * Blog list filter (docs/site.md#blog): plain script on top of a static page. Without JavaScript all
 * posts show. The choice is kept in `?category=` so shared links and the footer's
 * `/blog?category=guides|tips|events` open the right view; Back/Forward move between filters.
 */
import { categoryFromParam, categorySearch, categorySlug, type BlogCategory } from '../lib/blog/categories';

/** Wires the filter inside `root` (the element carrying `data-blog-filter`). */
export function wireBlogFilter(root: HTMLElement): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-filter]')];
  const cards = [...root.querySelectorAll<HTMLElement>('[data-post-item]')];
  const empty = root.querySelector<HTMLElement>('[data-empty]');
  const emptyName = root.querySelector<HTMLElement>('[data-empty-category]');
  const status = root.querySelector<HTMLElement>('[data-filter-status]');

  const apply = (category: BlogCategory | null, announce: boolean) => {
    const slug = category ? categorySlug(category) : 'all';
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.filter === slug));
    let shown = 0;
    for (const card of cards) {
      const match = !category || card.dataset.postCategory === slug;
      card.hidden = !match;
      if (match) shown++;
    }
    if (empty) empty.hidden = shown > 0;
    if (emptyName) emptyName.textContent = category ?? '';
    root.dataset.activeCategory = slug;
    if (status && announce) {
      const label = category ?? 'All Posts';
      status.textContent =
        shown === 0 ? `No posts in ${label} yet.` : `Showing ${shown} ${shown === 1 ? 'post' : 'posts'}: ${label}.`;
    }
  };

  const fromUrl = () => categoryFromParam(new URLSearchParams(location.search).get('category'));

  for (const b of buttons) {
    b.addEventListener('click', () => {
      const category = categoryFromParam(b.dataset.filter);
      apply(category, true);
      const search = categorySearch(category);
      if (search !== location.search) history.pushState(null, '', `${location.pathname}${search}`);
    });
  }
  root.querySelector<HTMLButtonElement>('[data-show-all]')?.addEventListener('click', () => {
    apply(null, true);
    history.pushState(null, '', location.pathname);
    buttons.find((b) => b.dataset.filter === 'all')?.focus();
  });
  addEventListener('popstate', () => apply(fromUrl(), true));

  // Opened with a filter (shared link, footer alias): show it and normalise the address to the slug.
  const initial = fromUrl();
  apply(initial, false);
  const canonical = categorySearch(initial);
  if (location.search && canonical !== location.search)
    history.replaceState(null, '', `${location.pathname}${canonical}${location.hash}`);
}
