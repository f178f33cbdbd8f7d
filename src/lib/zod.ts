/**
 * zod for schemas that may run in a browser. Import `z` from here, not from 'zod', in shared schemas.
 *
 * No eval-compiled fast paths: the site's CSP has no 'unsafe-eval', and zod's probe for it
 * (`new Function('')`, caught) is still reported as a CSP violation by browsers. The setting must
 * be made before the first schema is used, which importing `z` from this module guarantees.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
