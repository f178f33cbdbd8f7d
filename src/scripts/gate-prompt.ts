/**
 * The pre-launch gate's quiet hand-over to /join (docs/site.md#pre-launch-gate). Runs on the /join
 * page, and acts only when the gate served that page in place of another one (the address is then
 * not one of the open pages): the address becomes /join, with no prompt, no dialog and no request.
 * Staff sign in at /admin (open before launch) or through the page's "Staff sign in" link; the
 * `?admin=KEY` address still signs the owner in with dev mode.
 */
import { normalisePath, OPEN_PAGES, JOIN_PATH } from '../lib/gate/decide';

const path = normalisePath(location.pathname);
if (!OPEN_PAGES.includes(path)) history.replaceState(history.state, '', JOIN_PATH);
