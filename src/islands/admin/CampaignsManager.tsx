/**
 * /admin/campaigns (docs/site.md#staff-area, "Campaigns"): tabs New campaign (the composer) and
 * Archive, and one campaign's own view. The address says which: `?id=<campaign>` a campaign,
 * `?view=archive` the archive, `?kind=launch` (or `early-access`) the composer set to that kind (the
 * dashboard's launch offer links there). Moving between them keeps the page, with history entries so
 * Back works; switching tabs keeps the composer's unsent writing.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { CAMPAIGN_KINDS, type CampaignKind } from '../../lib/campaigns/model';
import AdminGate from './AdminGate';
import AdminSidebar from './AdminSidebar';
import CampaignArchive from './CampaignArchive';
import CampaignComposer from './CampaignComposer';
import CampaignDetail from './CampaignDetail';
import { Tab, TabList, Tabs } from './ui';
import { useCan } from './useCan';

const PATH = '/admin/campaigns';

type Route = { view: 'compose' | 'archive' } | { view: 'campaign'; id: string };

function routeOf(search: string): Route {
  const q = new URLSearchParams(search);
  const id = q.get('id');
  if (id) return { view: 'campaign', id };
  return { view: q.get('view') === 'archive' ? 'archive' : 'compose' };
}

function hrefOf(route: Route): string {
  if (route.view === 'campaign') return `${PATH}?id=${encodeURIComponent(route.id)}`;
  return route.view === 'archive' ? `${PATH}?view=archive` : PATH;
}

function kindOf(search: string): CampaignKind {
  const kind = new URLSearchParams(search).get('kind');
  return (CAMPAIGN_KINDS as readonly string[]).includes(kind ?? '') ? (kind as CampaignKind) : 'campaign';
}

export default function CampaignsManager() {
  return (
    <AdminGate
      variant="page"
      title="Campaigns"
      subtitle="E-mail to confirmed subscribers: campaigns, the launch notification and early-access waves."
    >
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminSidebar current={PATH} />
        <div className="min-w-0">
          <CampaignsScreen />
        </div>
      </div>
    </AdminGate>
  );
}

/** Rendered once signed in (in the browser only), so it reads the address directly. */
function CampaignsScreen() {
  const [route, setRoute] = useState<Route>(() => routeOf(location.search));
  const [initialKind] = useState<CampaignKind>(() => kindOf(location.search));

  useEffect(() => {
    const onPop = () => setRoute(routeOf(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const go = (next: Route) => {
    history.pushState(null, '', hrefOf(next));
    setRoute(next);
  };
  const openCampaign = (id: string) => go({ view: 'campaign', id });
  const can = useCan();

  if (route.view === 'campaign') {
    const back = (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      go({ view: 'archive' });
    };
    return (
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <a
          href={hrefOf({ view: 'archive' })}
          onClick={back}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted hover:text-fg"
        >
          <span aria-hidden="true">←</span> All campaigns
        </a>
        <CampaignDetail key={route.id} id={route.id} />
      </div>
    );
  }

  // A role that cannot compose (a viewer) sees the archive only.
  if (!can('POST', '/campaigns'))
    return <CampaignArchive hrefOf={(id) => hrefOf({ view: 'campaign', id })} onOpen={openCampaign} />;

  return (
    <Tabs.Root value={route.view} onValueChange={(v) => go({ view: v === 'archive' ? 'archive' : 'compose' })}>
      <TabList label="Campaign sections">
        <Tab value="compose">New campaign</Tab>
        <Tab value="archive">Archive</Tab>
      </TabList>
      {/* Kept mounted while the archive shows, so unsent writing survives a look at the archive. */}
      <Tabs.Content value="compose" forceMount className="mt-6 focus-visible:outline-none data-[state=inactive]:hidden">
        <CampaignComposer initialKind={initialKind} onOpen={openCampaign} />
      </Tabs.Content>
      <Tabs.Content value="archive" className="mt-6 focus-visible:outline-none">
        <CampaignArchive hrefOf={(id) => hrefOf({ view: 'campaign', id })} onOpen={openCampaign} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
