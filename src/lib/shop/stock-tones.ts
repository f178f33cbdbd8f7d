/**
 * The colours of each availability text (docs/shop.md#stock), shared by the badge component and the
 * script that refreshes it. Imported by browser code.
 */
export const STOCK_TONES: Record<string, string> = {
  'In Stock': 'bg-emerald-50 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  'Limited Stock': 'bg-amber-50 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  'Out of stock': 'bg-rose-50 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300',
  'Digital Download': 'bg-sky-50 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
};
