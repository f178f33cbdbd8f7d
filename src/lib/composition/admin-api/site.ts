/**
 * The admin API: site. The launch switch and the health of the scheduled maintenance. Each route: the
 * router has authorised the caller (src/lib/admin/roles.ts); the route validates its input, acts, and
 * responds. Server only.
 */
import { byLine, type Route } from './routes';
import { json } from '../../server/http';
import { maintenanceHealth } from '../maintenance';
import { launchState, setLaunched } from '../../gate/launch';

export const SITE_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/maintenance',
    auth: true,
    async run() {
      return json(await maintenanceHealth());
    },
  },
  // The launch switch (docs/site.md#launching): stored in Blobs, read by the edge gate.
  {
    method: 'GET',
    path: '/site/launch',
    auth: true,
    async run() {
      return json(await launchState());
    },
  },
  ...(['launch', 'close'] as const).map((what): Route => ({
    method: 'POST',
    path: `/site/${what}`,
    auth: true,
    async run(_req, _context, _params, { actor }) {
      const state = await setLaunched(what === 'launch', actor ? byLine(actor) : null);
      console.info(`[admin] site ${what === 'launch' ? 'launched' : 'closed again'} by staff`);
      return json(state);
    },
  })),
];
