/**
 * /admin/waitlist (docs/site.md#staff-area): sidebar, tabs Subscribers and Statistics.
 */
import { useState } from 'react';
import AdminGate from './AdminGate';
import AdminSidebar from './AdminSidebar';
import SubscriberTable from './SubscriberTable';
import WaitlistStats from './WaitlistStats';
import { Tab, TabList, Tabs } from './ui';

export default function WaitlistManager() {
  const [tab, setTab] = useState('subscribers');
  return (
    <AdminGate
      variant="page"
      title="Waitlist"
      subtitle="Everyone who joined the waitlist or subscribed to the newsletter."
    >
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminSidebar current="/admin/waitlist" />
        <div className="min-w-0">
          <Tabs.Root value={tab} onValueChange={setTab}>
            <TabList label="Waitlist sections">
              <Tab value="subscribers">Subscribers</Tab>
              <Tab value="statistics">Statistics</Tab>
            </TabList>
            <Tabs.Content value="subscribers" className="mt-6 focus-visible:outline-none">
              <SubscriberTable />
            </Tabs.Content>
            <Tabs.Content value="statistics" className="mt-6 focus-visible:outline-none">
              <WaitlistStats />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </div>
    </AdminGate>
  );
}
