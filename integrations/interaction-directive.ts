/**
 * Registers the `client:interaction` hydration directive (src/scripts/hydrate-on-interaction.ts).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function interactionDirective(): AstroIntegration {
  return {
    name: 'maple:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../src/scripts/hydrate-on-interaction.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer press or input inside the island ('page': anywhere on the page; 'visible': or when it scrolls into view). */
    'client:interaction'?: boolean | 'page' | 'visible';
  }
}
