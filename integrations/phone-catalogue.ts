/**
 * Keeps src/data/phones/index.generated.ts in step with the phone files of src/content/phones/ on
 * every `astro build` and `astro dev` (scripts/catalogue/phone-index.mjs): adding a phone is adding a
 * file and rebuilding, with no code change. Netlify bundles the functions after the build, so they
 * get the same list.
 */
import type { AstroIntegration } from 'astro';
import { writePhoneIndex } from '../scripts/catalogue/phone-index.mjs';

export function phoneCatalogue(): AstroIntegration {
  return {
    name: 'maple:phone-catalogue',
    hooks: {
      'astro:config:setup': ({ logger }) => {
        if (writePhoneIndex()) logger.info('src/data/phones/index.generated.ts rewritten from src/content/phones/');
      },
    },
  };
}
