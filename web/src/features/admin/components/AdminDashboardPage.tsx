import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { ADMIN_TABS, ADMIN_TEXT, type AdminTab } from '../admin-messages';
import { DashboardTab } from './DashboardTab';
import { PendingTestimonialsTab } from './PendingTestimonialsTab';
import { UsersTab } from './UsersTab';

const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
const panelId = (tab: AdminTab) => `admin-tabpanel-${tab}`;

/**
 * /admin: Dashboard, User Management and Testimonials tabs. A tab's panel mounts (and loads its
 * data) the first time it is opened, then stays mounted, hidden, so its list is not fetched again.
 */
export function AdminDashboardPage() {
  const [tab, setTab] = useState<AdminTab>('dashboard');
  const [opened, setOpened] = useState<ReadonlySet<AdminTab>>(() => new Set(['dashboard']));

  const open = (next: AdminTab) => {
    setTab(next);
    setOpened((current) => (current.has(next) ? current : new Set(current).add(next)));
  };

  const panelContent = (value: AdminTab) => {
    switch (value) {
      case 'dashboard':
        return (
          <DashboardTab
            onReviewTestimonials={() => open('testimonials')}
            onViewAllUsers={() => open('users')}
          />
        );
      case 'users':
        return <UsersTab />;
      case 'testimonials':
        return <PendingTestimonialsTab />;
    }
  };

  return (
    <ContentLayout title={ADMIN_TEXT.title}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: AdminTab) => open(next)}
          aria-label={ADMIN_TEXT.tabsLabel}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {ADMIN_TABS.map(({ value, label }) => (
            <Tab
              key={value}
              value={value}
              label={label}
              id={tabId(value)}
              aria-controls={panelId(value)}
            />
          ))}
        </Tabs>
      </Box>
      {ADMIN_TABS.map(({ value }) => (
        <div
          key={value}
          role="tabpanel"
          id={panelId(value)}
          aria-labelledby={tabId(value)}
          hidden={tab !== value}
        >
          {opened.has(value) && panelContent(value)}
        </div>
      ))}
    </ContentLayout>
  );
}
